// ComfyUI's `prompt` chunk: the executed node graph as JSON, `{ id: { class_type, inputs } }`,
// where an input is a value or a link `[nodeId, outputIndex]`. The settings are read from the
// first sampler, its prompts and its model by following those links.
import { emptyGeneration, toDecimal, toInteger, toSeed, toText, type TGeneration } from './generation-settings';

interface TNode {
  class_type: string;
  inputs: Record<string, unknown>;
}
type TGraph = Map<string, TNode>;

/** Links are followed this deep at most (prompt → primitive → …); a graph may loop. */
const MAX_DEPTH = 8;
const TEXT_INPUTS = ['text', 'text_g', 'text_l', 'string', 'value', 'prompt'];
const MODEL_INPUTS = ['ckpt_name', 'unet_name', 'model_name'];

function toGraph(json: string): TGraph | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const graph: TGraph = new Map();
  for (const [id, node] of Object.entries(parsed)) {
    if (!node || typeof node !== 'object') continue;
    const { class_type: classType, inputs } = node as { class_type?: unknown; inputs?: unknown };
    if (typeof classType === 'string' && inputs && typeof inputs === 'object') graph.set(id, { class_type: classType, inputs: inputs as Record<string, unknown> });
  }
  return graph.size ? graph : null;
}

function linkedNode(graph: TGraph, value: unknown): TNode | undefined {
  return Array.isArray(value) && value.length === 2 && (typeof value[0] === 'string' || typeof value[0] === 'number') ? graph.get(String(value[0])) : undefined;
}

/** A value, or the value a link leads to through nodes that hold one (primitives, seed nodes). */
function resolveValue(graph: TGraph, value: unknown, names: string[], depth = 0): unknown {
  const node = linkedNode(graph, value);
  if (!node) return value;
  if (depth >= MAX_DEPTH) return null;
  for (const name of names) {
    if (name in node.inputs) return resolveValue(graph, node.inputs[name], names, depth + 1);
  }
  return null;
}

/** The prompt text behind a conditioning link (CLIPTextEncode, its SDXL form, string primitives). */
function textBehind(graph: TGraph, link: unknown, depth = 0): string | null {
  const node = linkedNode(graph, link);
  if (!node || depth >= MAX_DEPTH) return null;
  for (const name of TEXT_INPUTS) {
    const text = toText(resolveValue(graph, node.inputs[name], TEXT_INPUTS));
    if (text) return text;
  }
  // Conditioning nodes that pass another conditioning through (combine, set area, …).
  for (const [name, value] of Object.entries(node.inputs)) {
    if (name.startsWith('conditioning')) {
      const text = textBehind(graph, value, depth + 1);
      if (text) return text;
    }
  }
  return null;
}

/** The checkpoint behind a model link, through LoRA loaders and other model patches. */
function modelBehind(graph: TGraph, link: unknown, depth = 0): string | null {
  const node = linkedNode(graph, link);
  if (!node || depth >= MAX_DEPTH) return null;
  for (const name of MODEL_INPUTS) {
    const model = toText(node.inputs[name]);
    if (model) return model;
  }
  return modelBehind(graph, node.inputs.model, depth + 1);
}

export function parseComfyPrompt(json: string): TGeneration | null {
  const graph = toGraph(json);
  if (!graph) return null;
  const byId = [...graph.entries()].sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
  // The first sampler is the base pass; later ones are usually upscale or refiner passes.
  const sampler = byId.find(([, node]) => node.class_type.startsWith('KSampler') || node.class_type.startsWith('SamplerCustom'))?.[1];
  const checkpoint = byId.find(([, node]) => MODEL_INPUTS.some((name) => typeof node.inputs[name] === 'string'))?.[1];
  const fallbackModel = checkpoint ? MODEL_INPUTS.map((name) => toText(checkpoint.inputs[name])).find(Boolean) ?? null : null;
  const inputs = sampler?.inputs ?? {};
  return {
    ...emptyGeneration(),
    tool: 'ComfyUI',
    prompt: textBehind(graph, inputs.positive),
    negativePrompt: textBehind(graph, inputs.negative),
    steps: toInteger(resolveValue(graph, inputs.steps, ['steps', 'value', 'int'])),
    sampler: toText(resolveValue(graph, inputs.sampler_name, ['sampler_name', 'value'])),
    cfgScale: toDecimal(resolveValue(graph, inputs.cfg, ['cfg', 'value', 'float'])),
    seed: toSeed(resolveValue(graph, inputs.seed ?? inputs.noise_seed, ['seed', 'noise_seed', 'value', 'int'])),
    model: modelBehind(graph, inputs.model) ?? fallbackModel,
  };
}
