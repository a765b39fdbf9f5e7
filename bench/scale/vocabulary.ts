// Words the scale seed builds its members, projects and jobs from. Lists are ordered
// most common first where popularity matters (tags, tools): the seed draws them Zipf-like.

export const FIRST_NAMES = [
  'Ava', 'Kenji', 'Lena', 'Omar', 'Priya', 'Mateo', 'Sofia', 'Liam', 'Amara', 'Noah', 'Yuki', 'Elena', 'Jonas', 'Chloe', 'Ravi',
  'Isla', 'Mika', 'Leo', 'Zara', 'Felix', 'Nadia', 'Hugo', 'Maya', 'Arjun', 'Ines', 'Theo', 'Lucia', 'Sami', 'Freya', 'Diego',
  'Hana', 'Oscar', 'Aisha', 'Emil', 'Clara', 'Tariq', 'Nora', 'Marco', 'Ling', 'Jasper', 'Camila', 'Ivan', 'Sara', 'Kwame',
  'Elif', 'Bruno', 'Mei', 'Anton', 'Lea', 'Rafael', 'Ingrid', 'Malik', 'Julia', 'Tomas', 'Anya', 'Pedro', 'Rina', 'Axel',
  'Layla', 'Victor', 'Sana', 'Luca', 'Greta', 'Andre', 'Noor', 'Mateus', 'Vera', 'Kofi', 'Alba', 'Sven', 'Imani', 'Dario',
] as const;

export const LAST_NAMES = [
  'Moreau', 'Sato', 'Fischer', 'Haddad', 'Nair', 'Rossi', 'Garcia', 'Smith', 'Okafor', 'Kim', 'Tanaka', 'Novak', 'Berg',
  'Dubois', 'Patel', 'Murphy', 'Lindqvist', 'Costa', 'Ahmed', 'Schmidt', 'Ivanova', 'Lopez', 'Chen', 'Larsen', 'Mensah',
  'Yilmaz', 'Silva', 'Wong', 'Keller', 'Romero', 'Nakamura', 'Jensen', 'Abara', 'Petrov', 'Weber', 'Ortiz', 'Singh',
  'Hoffmann', 'Ricci', 'Park', 'Andersen', 'Mbeki', 'Laurent', 'Kowalski', 'Horvat', 'Rahman', 'Ferreira', 'Zhang',
  'Nilsson', 'Bianchi', 'Osei', 'Varga', 'Takahashi', 'Sousa', 'Brennan', 'Alvarez', 'Huber', 'Iyer', 'Morales', 'Quinn',
] as const;

export const HEADLINES = [
  'Prompt engineer', 'Motion designer', 'Brand designer', 'Illustrator', 'Product designer', 'Art director',
  'Concept artist', 'Generative artist', '3D artist', 'Creative technologist', 'Visual designer', 'Photographer',
  'Character designer', 'UI designer', 'Animator', 'Creative director', 'Graphic designer', 'Environment artist',
  'AI researcher', 'Storyboard artist', 'Fashion designer', 'Architectural visualizer', 'VFX artist', 'Type designer',
] as const;

export const BIO_OPENINGS = [
  'I make images with diffusion models and a lot of retouching.',
  'Generative artist exploring light, texture and impossible places.',
  'Designer turning prompts into brands, posters and interfaces.',
  'Former photographer, now directing models instead of cameras.',
  'Motion and loops, mostly made with ComfyUI graphs.',
  'Concept art for games and films, sketched with Stable Diffusion.',
  'I build custom LoRAs and share the results here.',
  'Editorial illustration, AI-assisted and hand-finished.',
] as const;

export const BIO_CLOSINGS = [
  'Open to commissions.',
  'Available for freelance work.',
  'Currently at a small studio.',
  'Teaching workshops on prompting.',
  'Always happy to talk shop.',
  'Based wherever the coffee is good.',
] as const;

export const LOCATIONS = [
  'Berlin', 'London', 'Paris', 'Tokyo', 'New York', 'San Francisco', 'Lisbon', 'Amsterdam', 'Seoul', 'Toronto', 'Mexico City',
  'São Paulo', 'Lagos', 'Nairobi', 'Mumbai', 'Bangalore', 'Singapore', 'Sydney', 'Melbourne', 'Stockholm', 'Copenhagen',
  'Barcelona', 'Milan', 'Warsaw', 'Prague', 'Istanbul', 'Dubai', 'Cape Town', 'Buenos Aires', 'Montreal', 'Remote',
] as const;

/** AI tools, most used first. */
export const TOOLS = ['Midjourney', 'Stable Diffusion', 'Flux', 'DALL-E', 'ComfyUI', 'Adobe Firefly', 'Leonardo AI', 'Ideogram', 'Runway', 'Krea'] as const;

export const MODELS = ['sd_xl_base_1.0', 'flux1-dev', 'juggernautXL_v9', 'dreamshaper_8', 'realvisxl_v4', 'sd3.5_large', 'animagine-xl-3.1'] as const;
export const SAMPLERS = ['DPM++ 2M Karras', 'Euler a', 'Euler', 'DPM++ SDE Karras', 'DDIM', 'UniPC'] as const;

export const TITLE_ADJECTIVES = [
  'Neon', 'Glass', 'Velvet', 'Paper', 'Chrome', 'Desert', 'Tidal', 'Quiet', 'Solar', 'Midnight', 'Soft', 'Electric', 'Golden',
  'Frozen', 'Hollow', 'Silent', 'Liquid', 'Crimson', 'Emerald', 'Lunar', 'Feral', 'Gentle', 'Broken', 'Floating', 'Hidden',
  'Ancient', 'Digital', 'Wild', 'Misty', 'Radiant', 'Copper', 'Ivory', 'Obsidian', 'Pastel', 'Cosmic', 'Rusty', 'Silver',
  'Sunken', 'Vivid', 'Wandering', 'Amber', 'Cobalt', 'Dusty', 'Echoing', 'Fading', 'Glowing', 'Infinite', 'Jade', 'Kinetic',
  'Lost', 'Molten', 'Nomadic', 'Opal', 'Prismatic', 'Restless', 'Scarlet', 'Twilight', 'Ultraviolet', 'Woven', 'Zephyr',
] as const;

export const TITLE_SUBJECTS = [
  'Koi Pond', 'City at Dawn', 'Nebula', 'Birds', 'Garden', 'Signal', 'Library', 'Machines', 'Bloom', 'Arcade', 'Atlas',
  'Brutalism', 'Lighthouse', 'Orchard', 'Cathedral', 'Harbor', 'Forest', 'Citadel', 'Greenhouse', 'Observatory', 'Market',
  'Subway', 'Canyon', 'Glacier', 'Portrait', 'Wanderer', 'Dreamer', 'Astronaut', 'Samurai', 'Botanist', 'Cartographer',
  'Fox', 'Whale', 'Owl', 'Tiger', 'Jellyfish', 'Moth', 'Dragon', 'Phoenix', 'Serpent', 'Skyline', 'Rooftops', 'Alley',
  'Carnival', 'Temple', 'Ruins', 'Archipelago', 'Reef', 'Dunes', 'Volcano', 'Storm', 'Aurora', 'Eclipse', 'Tides',
  'Teahouse', 'Workshop', 'Studio', 'Diner', 'Laundromat', 'Bookshop', 'Train', 'Airship', 'Submarine', 'Robot', 'Android',
  'Mask', 'Crown', 'Throne', 'Bridge', 'Tower', 'Gate', 'Maze', 'Mirror', 'Window', 'Staircase', 'Poster', 'Logo', 'Interface',
] as const;

export const TITLE_SUFFIXES = ['Study', 'Series', 'II', 'III', 'Redux', 'Variations', 'Sketches', 'Collection', 'Concept', 'Loop'] as const;

export const DESCRIPTION_STYLES = [
  'Soft volumetric light and a muted palette.',
  'Shot on an imaginary medium-format camera, grain added by hand.',
  'Iterated over forty generations, then painted over in Photoshop.',
  'A custom LoRA trained on my own sketches keeps the line work consistent.',
  'Upscaled twice and inpainted where the hands went wrong.',
  'Colour graded to match a 1970s film stock.',
  'Part of an ongoing series about places that never existed.',
  'Composited from six generations with a ControlNet depth pass.',
  'Made for a client pitch; they picked the second variation.',
  'Negative prompt did most of the work here.',
  'Loop rendered at 24 fps and cleaned up frame by frame.',
  'Typography set by hand over the generated background.',
] as const;

/**
 * About 300 tags AI artists really use, most common first (the seed draws them Zipf-like,
 * so the first few dominate like real folksonomies do).
 */
export const TAGS = [
  // tools and models
  'ai art', 'midjourney', 'stable diffusion', 'sdxl', 'flux', 'comfyui', 'dall-e 3', 'firefly', 'leonardo ai', 'ideogram',
  'runway', 'krea', 'automatic1111', 'controlnet', 'lora', 'dreambooth', 'ip-adapter', 'animatediff', 'img2img', 'inpainting',
  'outpainting', 'upscale', 'sora', 'kling', 'pika', 'hunyuan', 'sd 1.5', 'sd3', 'juggernaut xl', 'dreamshaper',
  // genres
  'concept art', 'illustration', 'digital art', 'fantasy', 'sci-fi', 'cyberpunk', 'steampunk', 'solarpunk', 'dark fantasy',
  'surreal', 'surrealism', 'abstract', 'minimalism', 'maximalism', 'retro', 'vaporwave', 'synthwave', 'retrofuturism',
  'art nouveau', 'art deco', 'bauhaus', 'brutalism', 'ukiyo-e', 'anime', 'manga', 'chibi', 'pixel art', 'low poly', 'voxel',
  'isometric', 'claymation', 'papercraft', 'origami', 'watercolor', 'oil painting', 'gouache', 'ink', 'charcoal', 'pastel',
  'pencil sketch', 'line art', 'vector art', 'flat design', 'collage', 'glitch art', 'generative art', 'fractal', 'psychedelic',
  'gothic', 'baroque', 'renaissance', 'impressionism', 'expressionism', 'pop art', 'street art', 'graffiti', 'comic',
  'noir', 'horror', 'cosmic horror', 'whimsical', 'cute', 'kawaii', 'cozy', 'dreamy', 'ethereal', 'moody', 'cinematic',
  // subjects
  'portrait', 'character design', 'creature design', 'environment design', 'landscape', 'cityscape', 'architecture',
  'interior design', 'product design', 'fashion', 'jewelry', 'sneakers', 'vehicles', 'spaceship', 'mecha', 'robot',
  'android', 'cyborg', 'astronaut', 'space', 'nebula', 'planets', 'ocean', 'underwater', 'forest', 'mountains', 'desert',
  'snow', 'rain', 'fog', 'sunset', 'sunrise', 'night', 'neon', 'city lights', 'street photography', 'food', 'still life',
  'flowers', 'botanical', 'animals', 'cats', 'dogs', 'birds', 'dragons', 'wildlife', 'insects', 'mushrooms', 'trees',
  'castle', 'ruins', 'temple', 'village', 'cottage', 'library', 'cafe', 'train', 'subway', 'bridge', 'lighthouse',
  'skyscraper', 'megastructure', 'dystopia', 'utopia', 'post-apocalyptic', 'mythology', 'folklore', 'fairy tale', 'witch',
  'wizard', 'knight', 'samurai', 'ninja', 'pirate', 'viking', 'warrior', 'princess', 'elf', 'alien', 'monster', 'ghost',
  // design work
  'branding', 'logo', 'typography', 'poster', 'book cover', 'album cover', 'packaging', 'editorial', 'magazine',
  'advertising', 'mockup', 'ui', 'ux', 'web design', 'landing page', 'app design', 'dashboard', 'icons', 'icon set',
  'mobile app', 'game ui', 'hud', 'infographic', 'pattern', 'texture', 'wallpaper', 'background', 'sticker', 'emoji',
  'tattoo', 't-shirt design', 'merch', 'nft', 'social media', 'instagram', 'tiktok', 'thumbnail', 'banner', 'storyboard',
  'mood board', 'key visual', 'matte painting', 'set design', 'costume design', 'prop design', 'game art', 'game asset',
  'tabletop', 'card art', 'splash art', 'fan art', 'music video',
  // render and photo language
  '3d render', 'octane render', 'unreal engine', 'blender', 'ray tracing', 'volumetric light', 'god rays', 'bokeh',
  'depth of field', 'tilt shift', 'long exposure', 'macro', 'wide angle', 'fisheye', 'drone shot', 'aerial', 'symmetry',
  'golden hour', 'blue hour', 'studio lighting', 'rim light', 'high contrast', 'monochrome', 'black and white', 'sepia',
  'film grain', '35mm', 'polaroid', 'analog', 'hdr', 'photorealistic', 'hyperrealistic', 'stylized', 'painterly', 'soft focus',
  'pastel colors', 'vibrant', 'muted colors', 'duotone', 'gradient', 'holographic', 'iridescent', 'chrome', 'glass',
  'metallic', 'marble', 'wood', 'fabric', 'paper', 'clay', 'smoke', 'fire', 'water', 'ice', 'light painting',
  // motion
  'animation', 'loop', 'motion design', 'motion graphics', 'gif', 'video', 'cinemagraph', 'morph', 'timelapse', 'short film',
  'music visualizer', 'vj loop', 'transition', 'kinetic typography', 'frame interpolation',
  // workflow
  'prompt engineering', 'workflow', 'tutorial', 'process', 'before and after', 'experiment', 'series', 'daily', 'challenge',
  'commission', 'client work', 'personal project', 'open source', 'custom model', 'fine-tuned', 'dataset', 'style transfer',
  'remix', 'collaboration', 'exhibition', 'print', 'zine', 'calendar', 'postcard', 'greeting card',
] as const;

export const JOB_TITLES = [
  'Prompt Engineer', 'AI Art Director', 'Generative Motion Designer', 'Concept Artist (AI-assisted)', 'Creative Technologist',
  'ComfyUI Workflow Engineer', 'AI Image Retoucher', 'Brand Designer, Generative Tools', 'Senior Visual Designer', 'LoRA Trainer',
  'Storyboard Artist', 'AI Video Editor', '3D Artist with Diffusion Experience', 'Design Lead, AI Products', 'Illustrator',
] as const;

export const COMPANIES = [
  'Diffusion Labs', 'Latent Studio', 'Pixel Foundry', 'Northwind Creative', 'Lumen & Co', 'Paper Crane Games', 'Orbit Media',
  'Hyperframe', 'Brightside Agency', 'Kite Interactive', 'Moss & Marble', 'Signal Nine', 'Tessellate', 'Fable Works', 'Prism Post',
] as const;

export const JOB_TAGS = [
  'prompting', 'comfyui', 'midjourney', 'stable diffusion', 'flux', 'motion', 'branding', 'ui', 'photoshop', 'blender',
  'after effects', 'lora training', 'python', 'figma', 'video', 'retouching', 'illustration', '3d', 'storyboarding', 'remote',
] as const;

export const SALARIES = ['€60k–80k', '€70k–90k', '$90k–120k', '$120k–150k', '£50k–65k', '$60/hour', '€500/day', null] as const;
