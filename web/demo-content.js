// The demo's content, generated here so that the page fetches nothing from elsewhere: photo-like SVG scenes
// (landscapes at dawn, noon, dusk and night; sea, hills, mountains, city), app names, titles and text.

/**
 * A small deterministic generator, so every visit shows the same photos.
 * @param {number} seed
 * @returns {() => number} uniform in [0, 1)
 */
export function randomSource(seed) {
    let state = seed >>> 0;
    return () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state / 4294967296;
    };
}

/**
 * A hash of an integer, for picking a scene or a word without keeping state.
 * @param {number} n
 */
export function hash(n) {
    let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
}

const SKIES = [
    ['#ffb07a', '#ffd9a8', '#7a4b6a'], // dawn
    ['#4f9fe8', '#bfe3ff', '#3f7d4a'], // noon
    ['#2b3a67', '#f28c6a', '#4a2f3f'], // dusk
    ['#0b1630', '#27406b', '#121c2e'], // night
    ['#8fb8d8', '#e8eef2', '#6b7f8e'], // overcast
    ['#f6c667', '#fbe8b8', '#b0693a'], // desert
];

/**
 * One scene as an SVG document: a sky gradient, a sun or moon, two or three ridges, sometimes water or a city.
 * @param {number} id any integer; the same id gives the same scene
 * @returns {string}
 */
export function sceneSVG(id) {
    const random = randomSource(hash(id) || 1);
    const [top, bottom, land] = SKIES[id % SKIES.length];
    const sunX = 40 + random() * 220;
    const sunY = 40 + random() * 70;
    const night = id % SKIES.length === 3;
    let ridges = '';
    for (let layer = 0; layer < 3; layer += 1) {
        const base = 120 + layer * 28;
        let path = `M0 200 L0 ${base}`;
        for (let x = 0; x <= 300; x += 30) path += ` L${x} ${base - random() * (60 - layer * 15)}`;
        path += ' L300 200 Z';
        ridges += `<path d="${path}" fill="${land}" opacity="${0.45 + layer * 0.25}"/>`;
    }
    const water = random() < 0.4
        ? `<rect y="165" width="300" height="35" fill="${top}" opacity="0.55"/>` +
            '<rect y="170" width="300" height="2" fill="#fff" opacity="0.25"/>'
        : '';
    let city = '';
    if (random() < 0.3) {
        for (let x = 10; x < 290; x += 16 + random() * 10) {
            const h = 20 + random() * 60;
            city += `<rect x="${x.toFixed(0)}" y="${(180 - h).toFixed(0)}" width="12" height="${h.toFixed(0)}" ` +
                'fill="#1b1e2b" opacity="0.85"/>';
        }
    }
    const stars = night
        ? Array.from({ length: 20 }, () => {
            const [cx, cy] = [random() * 300, random() * 100];
            return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="0.8" fill="#fff"/>`;
        }).join('')
        : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" preserveAspectRatio="xMidYMid slice">` +
        `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/>` +
        `<stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
        `<rect width="300" height="200" fill="url(#s)"/>${stars}` +
        `<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${night ? 10 : 18}" ` +
        `fill="${night ? '#f4f1de' : '#fff6d5'}" opacity="0.9"/>` +
        `${ridges}${water}${city}</svg>`;
}

/** How many distinct scenes there are; a photo shows scene `id % SCENES`. */
export const SCENES = 96;
/** @type {string[]} CSS `url(…)` values, made once: the browser decodes each image once and reuses it. */
const sceneURLs = [];

/**
 * Rasterizes every scene once into a bitmap (a canvas, then a PNG blob URL): drawing a decoded bitmap costs the
 * browser far less than drawing an SVG each time a tile scrolls in, which shows on a busy machine. Until a scene is
 * ready, photos use its SVG.
 * @param {number} [width] the bitmaps' width; their height is two thirds of it
 * @returns {Promise<void>}
 */
export async function rasterizeScenes(width = 480) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.round((width * 2) / 3);
    const context = canvas.getContext('2d');
    if (!context) return;
    for (let scene = 0; scene < SCENES; scene += 1) {
        const image = new Image();
        image.src = `data:image/svg+xml,${encodeURIComponent(sceneSVG(scene))}`;
        await image.decode();
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
        if (blob) rasterURLs[scene] = `url("${URL.createObjectURL(/** @type {Blob} */ (blob))}")`;
    }
}

/** @type {string[]} CSS `url(…)` values of the rasterized scenes, as they become ready. */
const rasterURLs = [];

/**
 * The CSS background-image of a photo: its bitmap once rasterized, the SVG for a large one (a card, a banner).
 * @param {number} id
 * @param {boolean} [large] drawn wider than the bitmaps
 * @returns {string}
 */
export function photoBackground(id, large = false) {
    const scene = ((id % SCENES) + SCENES) % SCENES;
    if (rasterURLs[scene] && !large) return rasterURLs[scene];
    if (!sceneURLs[scene]) sceneURLs[scene] = `url("data:image/svg+xml,${encodeURIComponent(sceneSVG(scene))}")`;
    return sceneURLs[scene];
}

/** Photo sizes as a camera roll has them: mostly 3:2 and 4:3 landscapes, some portraits, squares and panoramas. */
const ASPECTS = [
    { width: 3, height: 2 }, { width: 3, height: 2 }, { width: 4, height: 3 }, { width: 4, height: 3 },
    { width: 2, height: 3 }, { width: 3, height: 4 }, { width: 1, height: 1 }, { width: 16, height: 9 },
    { width: 3, height: 2 }, { width: 21, height: 9 }, { width: 4, height: 5 }, { width: 5, height: 4 },
];

/**
 * The pixel shape of photo `id`.
 * @param {number} id
 * @returns {{width: number, height: number}}
 */
export function photoAspect(id) {
    return ASPECTS[hash(id) % ASPECTS.length];
}

const WORDS = ('light harbor morning quiet river stone garden north field summer window market island winter ' +
    'coast forest city trail bridge valley lantern meadow orchard desert glacier canyon tide ember cedar').split(' ');
const LOREM = ('we walked along the ridge before sunrise and the valley filled slowly with light while the town ' +
    'below was still asleep a few boats left the harbor and the wind turned cold near the water so we stopped ' +
    'for coffee and watched the clouds move over the hills').split(' ');

/**
 * A short title, e.g. "Quiet Harbor".
 * @param {number} n
 * @returns {string}
 */
export function title(n) {
    const a = WORDS[hash(n) % WORDS.length];
    const b = WORDS[hash(n + 7919) % WORDS.length];
    return `${a[0].toUpperCase()}${a.slice(1)} ${b[0].toUpperCase()}${b.slice(1)}`;
}

/**
 * A sentence or two of text.
 * @param {number} n
 * @param {number} [words]
 * @returns {string}
 */
export function text(n, words = 18) {
    const start = hash(n) % LOREM.length;
    const out = [];
    for (let i = 0; i < words; i += 1) out.push(LOREM[(start + i) % LOREM.length]);
    const sentence = out.join(' ');
    return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * A colour for an app icon.
 * @param {number} n
 * @returns {string}
 */
export function iconGradient(n) {
    const hue = hash(n) % 360;
    return `linear-gradient(135deg, hsl(${hue} 70% 60%), hsl(${(hue + 40) % 360} 75% 45%))`;
}
