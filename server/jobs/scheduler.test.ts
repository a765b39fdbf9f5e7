import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturingLog } from '../test/capturing-log';
import { startScheduler, type TPeriodicTask } from './scheduler';

/** A task whose runs the test finishes by hand. */
function manualTask(name: string, everyMs: number) {
  const runs: { finish(count: number): void; fail(error: Error): void; signal: AbortSignal }[] = [];
  const task: TPeriodicTask = {
    name,
    everyMs,
    done: `${name} done`,
    run: (signal) =>
      new Promise<number>((resolve, reject) => {
        runs.push({ finish: resolve, fail: reject, signal });
      }),
  };
  return { task, runs };
}

describe('the periodic task scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each task at start and then on its own interval, never two runs of one task at once', async () => {
    const { log } = capturingLog();
    const often = manualTask('often', 1000);
    const rarely = manualTask('rarely', 60_000);
    const scheduler = startScheduler([often.task, rarely.task], log);
    expect([often.runs.length, rarely.runs.length]).toEqual([1, 1]);

    // The first run of `often` is still going: its next turns are skipped, not stacked.
    await vi.advanceTimersByTimeAsync(3000);
    expect(often.runs.length).toBe(1);
    often.runs[0]!.finish(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(often.runs.length).toBe(2);
    often.runs[1]!.finish(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(often.runs.length).toBe(3);
    expect(rarely.runs.length).toBe(1);

    often.runs[2]!.finish(0);
    rarely.runs[0]!.finish(0);
    await scheduler.stop();
  });

  it('logs a run that handled rows and a run that failed, and goes on', async () => {
    const { log, lines } = capturingLog();
    log.level = 'info';
    const task = manualTask('sweep', 1000);
    const scheduler = startScheduler([task.task], log);
    task.runs[0]!.finish(0);
    await vi.advanceTimersByTimeAsync(1000);
    task.runs[1]!.finish(7);
    await vi.advanceTimersByTimeAsync(1000);
    task.runs[2]!.fail(new Error('database unavailable'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(task.runs.length).toBe(4);
    expect(lines).toMatchObject([
      { level: 30, msg: 'sweep done', task: 'sweep', count: 7 },
      { level: 50, msg: 'periodic task failed', task: 'sweep', err: { message: 'database unavailable' } },
    ]);
    task.runs[3]!.finish(0);
    await scheduler.stop();
  });

  it('stops: no more runs, the running ones asked to stop and waited for', async () => {
    const { log } = capturingLog();
    const task = manualTask('long', 1000);
    const scheduler = startScheduler([task.task], log);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    expect(task.runs[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    expect(task.runs.length).toBe(1);

    task.runs[0]!.finish(3);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task.runs.length).toBe(1);
  });
});
