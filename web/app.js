// The demo page: each tab is one mountLayout() on the stage; every frame, transform, alpha and zIndex comes from
// layoutd. Tabs follow the address bar's hash (#justified, #million, …).
import { LayoutClient, mountLayout } from './layout-client.js';
import {
    iconGradient, photoAspect, photoBackground, randomSource, rasterizeScenes, text, title,
} from './demo-content.js';

const params = new URLSearchParams(location.search);
const client = new LayoutClient({ baseURL: params.get('api') || '', token: params.get('token') || undefined });
const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const stage = byId('stage');
const content = byId('content');
const statusLine = byId('status');
const hint = byId('hint');
const controls = byId('controls');

/** What the page is doing, for people and for the browser test. */
const page = {
    /** @type {string} */ name: '',
    /** @type {any} */ tab: null,
    /** @type {import('./layout-client.js').LayoutView | null} */ view: null,
    /** @type {string | null} */ error: null,
    pending: 0,
    fps: 0,
};

/**
 * Runs an async step, counting it as pending, and reports failures on the page.
 * @param {() => Promise<any>} work
 */
async function track(work) {
    page.pending += 1;
    try {
        return await work();
    } catch (error) {
        report(error);
        return undefined;
    } finally {
        page.pending -= 1;
    }
}

/** @param {any} error */
function report(error) {
    page.error = String(error && error.message ? error.message : error);
    statusLine.textContent = `error: ${page.error}`;
    statusLine.classList.add('error');
    console.error(error);
}

/**
 * Fills a cell with a photo and a caption.
 * @param {HTMLElement} element
 * @param {number} id
 * @param {string} [caption]
 * @param {boolean} [large] drawn large (a banner): the SVG, not the bitmap
 */
function photo(element, id, caption, large = false) {
    element.className = 'element cell photo';
    element.style.backgroundImage = photoBackground(id, large);
    element.innerHTML = caption ? `<span class="caption">${caption}</span>` : '';
}

/**
 * Puts a photo in the element's first `<i>` (set through the DOM: the data URL has quotes of its own).
 * @param {HTMLElement} element
 * @param {number} id
 * @param {boolean} [large] drawn large (a card): the SVG, not the bitmap
 */
function thumbnail(element, id, large = false) {
    const image = element.querySelector('i');
    if (image) image.style.backgroundImage = photoBackground(id, large);
}

/** Calls `fill` only when the element shows another item than last time (nodes are reused by key). */
function once(/** @type {HTMLElement} */ element, /** @type {string} */ what, /** @type {() => void} */ fill) {
    if (element.dataset.shows === what) return;
    element.dataset.shows = what;
    fill();
}

/**
 * A section header or footer: a title bar.
 * @param {HTMLElement} element
 * @param {any} a
 * @param {string} label
 */
function supplementary(element, a, label) {
    once(element, `${a.kind}/${a.indexPath[0]}`, () => {
        element.className = `element ${a.kind}`;
        element.textContent = a.kind === 'header' ? label : '';
    });
}

const width = () => stage.clientWidth || 1024;

const tabs = {
    justified: {
        label: 'Photos',
        hint: 'A camera roll of 100,000 photos in justified rows (flickr\'s justified-layout); scroll as fast as ' +
            'you like.',
        mount() {
            const count = Number(params.get('photos')) || 100000;
            const items = Array.from({ length: count }, (_, i) => photoAspect(i));
            const narrow = width() < 600;
            return {
                kind: 'justified',
                request: {
                    sections: [{ items }],
                    config: {
                        targetRowHeight: narrow ? 130 : 220,
                        boxSpacing: narrow ? 4 : 6,
                        containerPadding: narrow ? 6 : 12,
                    },
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) =>
                    once(element, element.dataset.key || '', () => photo(element, a.indexPath[1])),
            };
        },
    },
    compositional: {
        label: 'App store',
        stageClass: 'store',
        hint: 'A compositional layout: a carousel that pages sideways (drag or shift-scroll it), a grid, and a list ' +
            'whose header stays pinned.',
        /** @returns {import('./layout-client.js').LayoutViewOptions} */
        mount() {
            const columns = width() < 600 ? 2 : width() < 1000 ? 3 : 4;
            const full = { fractionalWidth: 1 };
            /** @type {(pinned: boolean) => import('./layout-client.js').BoundarySupplementaryItem[]} */
            const header = (pinned) => [
                { kind: 'header', size: { width: full, height: { absolute: 48 } }, pinToVisibleBounds: pinned },
            ];
            const inset = (/** @type {number} */ n) => ({ top: n, leading: n, bottom: n, trailing: n });
            /** @type {(height: number, n: number) => import('./layout-client.js').CompositionalElement} */
            const row = (height, n) => ({
                layout: 'horizontal',
                size: { width: full, height: { absolute: height } },
                subitems: [
                    { size: { width: { fractionalWidth: 1 / n }, height: { fractionalHeight: 1 } },
                        contentInsets: inset(6) },
                ],
                count: n,
            });
            const carousel = {
                group: {
                    layout: /** @type {const} */ ('horizontal'),
                    size: { width: { fractionalWidth: width() < 600 ? 0.9 : 0.6 }, height: { absolute: 260 } },
                    subitems: [{ size: { width: full, height: { fractionalHeight: 1 } } }],
                },
                orthogonalScrollingBehavior: /** @type {const} */ ('groupPagingCentered'),
                interGroupSpacing: 16,
                contentInsets: { top: 4, leading: 16, bottom: 20, trailing: 16 },
                boundarySupplementaryItems: header(false),
            };
            const below = { ...inset(10), top: 0 };
            const grid = { group: row(88, columns), contentInsets: below, boundarySupplementaryItems: header(false) };
            const list = { group: row(72, 1), contentInsets: below, boundarySupplementaryItems: header(true) };
            return {
                kind: 'compositional',
                request: {
                    sections: [
                        { count: 12, config: { section: carousel } },
                        { count: columns * 6, config: { section: grid } },
                        { count: 400, config: { section: list } },
                    ],
                },
                render: (element, a) => {
                    const [section, item] = a.indexPath;
                    const headers = ['Featured', 'Top charts', 'All apps'];
                    if (a.category !== 'cell') return supplementary(element, a, headers[section]);
                    once(element, `${section}/${item}`, () => {
                        if (section === 0) {
                            photo(element, item * 7 + 3, `<b>${title(item)}</b><br>${text(item, 9)}`, true);
                            element.classList.add('banner');
                            return;
                        }
                        const n = section * 1000 + item;
                        const detail = section === 2 ? text(n, 8) : `${(hash10(n) / 2 + 3).toFixed(1)} ★`;
                        element.className = `element cell app${section === 2 ? ' wide' : ''}`;
                        element.innerHTML = `<i style="background:${iconGradient(n)}"></i>` +
                            `<span><b>${title(n)}</b><small>${detail}</small></span>`;
                    });
                },
            };
        },
        /** @param {import('./layout-client.js').LayoutView} view */
        install(view) { installCarousel(view); },
    },
    waterfall: {
        label: 'Waterfall',
        hint: 'A shop wall: as many 170-point columns as fit (minColumnWidth), tiles to the shortest column, a ' +
            'feature tile across two (columnSpan). Scroll to the bottom to load more (an updates insert).',
        mount() {
            return {
                kind: 'waterfall',
                request: {
                    sections: [{ items: waterfallTiles(0, 60) }],
                    config: {
                        minColumnWidth: WATERFALL_MIN_COLUMN, maxColumnCount: 6, columnSpacing: 14, rowSpacing: 14,
                        sectionInset: { top: 14, left: 14, bottom: 14, right: 14 },
                    },
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) =>
                    once(element, element.dataset.key || '', () => {
                        const item = a.indexPath[1];
                        if (!isFeatureTile(item)) {
                            photo(element, item * 5 + 1, title(item));
                            return;
                        }
                        photo(element, item * 5 + 1, `<b>${title(item)}</b><br>${text(item, 8)}`, true);
                        element.classList.add('banner');
                    }),
            };
        },
        /** @param {import('./layout-client.js').LayoutView} view */
        install(view) {
            let loading = false;
            stage.onscroll = () => {
                const counts = view.sectionCounts || [0];
                if (loading || counts[0] >= 2000 || !view.session) return;
                if (stage.scrollTop + stage.clientHeight < view.contentSize.height - 80) return;
                loading = true;
                const first = counts[0];
                const insertItems = waterfallTiles(first, 30).map((size, i) => ({
                    indexPath: /** @type {[number, number]} */ ([0, first + i]), size,
                }));
                track(() => view.update({ insertItems })).finally(() => { loading = false; });
            };
        },
    },
    line: {
        label: 'Line',
        hint: 'A photo strip: drag or scroll it, it snaps to the nearest photo. Tap a photo to delete it (updates).',
        stageClass: 'horizontal',
        /** @type {number[]} the photo shown by each item */
        ids: [],
        /** @returns {import('./layout-client.js').LayoutViewOptions} */
        mount() {
            this.ids = Array.from({ length: 40 }, (_, i) => i);
            const big = stage.clientHeight > 420;
            return {
                kind: 'line',
                request: {
                    sections: [{ count: this.ids.length }],
                    config: {
                        itemSize: big ? { width: 220, height: 300 } : { width: 160, height: 220 },
                        minimumLineSpacing: 60, activeDistance: 260,
                    },
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) => {
                    const id = this.ids[a.indexPath[1]];
                    once(element, `photo ${id}`, () => photo(element, id * 11, title(id)));
                },
            };
        },
        /** @param {import('./layout-client.js').LayoutView} view */
        install(view) {
            /** @type {{x: number, start: number, moved: boolean} | null} */
            let drag = null;
            let suppressClick = false;
            stage.onpointerdown = (event) => {
                suppressClick = false;
                drag = { x: event.clientX, start: event.clientX, moved: false };
            };
            stage.onpointermove = (event) => {
                if (!drag) return;
                if (Math.abs(event.clientX - drag.start) > 5) drag.moved = true;
                if (!drag.moved) return;
                stage.scrollLeft -= event.clientX - drag.x;
                drag.x = event.clientX;
            };
            stage.onpointerup = stage.onpointercancel = () => { if (drag?.moved) suppressClick = true; drag = null; };
            stage.onclick = (event) => {
                if (suppressClick) { suppressClick = false; return; }
                const target = event.target instanceof HTMLElement ? event.target.closest('.element.cell') : null;
                const key = target instanceof HTMLElement ? target.dataset.key : undefined;
                if (!key || view.elements.get(key) !== target) return;
                const item = Number(key.split('/')[2]);
                track(async () => {
                    await view.update({ deleteItems: [[0, item]] });
                    this.ids.splice(item, 1);
                    await view.snap();
                });
            };
        },
    },
    stack: {
        label: 'Stack ↔ Circle',
        hint: 'Tap the background: the photos move between a stack and a circle (transition, then commit).',
        stageClass: 'fixed',
        mount() {
            return {
                kind: 'stack',
                request: { sections: [{ count: 12 }], config: { itemSize: { width: 140, height: 140 } } },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) =>
                    once(element, element.dataset.key || '', () => photo(element, a.indexPath[1] * 13 + 5)),
            };
        },
        /** @param {import('./layout-client.js').LayoutView} view */
        install(view) {
            let moving = false;
            stage.onclick = (event) => {
                if ((event.target !== stage && event.target !== content) || moving) return;
                const itemSize = { width: 140, height: 140 };
                const radius = Math.max(40, Math.min(stage.clientWidth, stage.clientHeight) / 2 - itemSize.height);
                /** @type {import('./layout-client.js').TransitionTarget} */
                const to = view.kind === 'stack'
                    ? { kind: 'circle', config: { itemSize, radius } }
                    : { kind: 'stack', config: { itemSize } };
                moving = true;
                track(() => view.transition(to, { duration: 450 })).finally(() => { moving = false; });
            };
        },
    },
    flow: {
        label: 'Flow',
        hint: 'UICollectionViewFlowLayout: sections of tags whose headers pin to the top while their section shows.',
        pinned: true,
        alignment: 'left',
        mount() {
            const random = randomSource(11);
            const sections = Array.from({ length: 10 }, () => ({
                items: Array.from({ length: 24 }, () => ({ width: Math.round(90 + random() * 150), height: 64 })),
            }));
            return {
                kind: 'flow',
                request: {
                    sections,
                    config: {
                        headerReferenceSize: { width: 0, height: 44 }, sectionHeadersPinToVisibleBounds: this.pinned,
                        horizontalAlignment: this.alignment, minimumInteritemSpacing: 10, minimumLineSpacing: 10,
                        sectionInset: { top: 12, left: 12, bottom: 20, right: 12 },
                    },
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) => {
                    const [section, item] = a.indexPath;
                    if (a.category !== 'cell') return supplementary(element, a, `${title(section * 31)} · 24 places`);
                    once(element, `${section}/${item}`, () => {
                        element.className = 'element cell tag';
                        element.innerHTML = `<i></i><span><b>${title(section * 100 + item)}</b>` +
                            `<small>${(hash10(item + section) * 12 + 1).toFixed(0)} km</small></span>`;
                        thumbnail(element, section * 40 + item);
                    });
                },
            };
        },
        controls() {
            const pin = document.createElement('label');
            pin.innerHTML = '<input type="checkbox" id="pin"> pin headers';
            const align = document.createElement('label');
            align.innerHTML = 'alignment <select id="alignment"><option>left</option><option>justified</option>' +
                '<option>right</option><option>center</option></select>';
            controls.append(pin, align);
            const checkbox = /** @type {HTMLInputElement} */ (pin.querySelector('input'));
            const select = /** @type {HTMLSelectElement} */ (align.querySelector('select'));
            checkbox.checked = this.pinned;
            select.value = this.alignment;
            checkbox.onchange = select.onchange = () => {
                this.pinned = checkbox.checked;
                this.alignment = select.value;
                remount();
            };
        },
    },
    cards: {
        label: 'Cards',
        cardKind: 'cover',
        get hint() {
            return /** @type {Record<string, string>} */ ({
                cover: 'Card cover: a card reaching the top stays there, shrinking and dimming as the next one ' +
                    'slides over it.',
                rotary: 'Card rotation: the strip turns its cards in 3-D (transform3D as CSS matrix3d()); it snaps ' +
                    'to a card.',
                pagecover: 'Page turn: scroll sideways; the turning page uncovers the next one, waiting beneath it.',
            })[this.cardKind];
        },
        get stageClass() { return this.cardKind === 'cover' ? '' : 'horizontal'; },
        mount() {
            const height = stage.clientHeight;
            const configs = /** @type {Record<string, any>} */ ({
                cover: { sectionInset: { top: 14, left: 14, bottom: 14, right: 14 }, minimumLineSpacing: 14 },
                rotary: { itemSize: { width: 240, height: Math.min(340, Math.max(80, height - 40)) } },
                pagecover: {},
            });
            return {
                kind: this.cardKind,
                request: {
                    sections: [{ count: this.cardKind === 'pagecover' ? 12 : 30 }], config: configs[this.cardKind],
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) =>
                    once(element, `${a.indexPath}`, () => {
                        const n = a.indexPath[1];
                        element.className = 'element cell card';
                        element.innerHTML = '<i></i>' +
                            `<span><b>${title(n + 50)}</b><small>${text(n, 26)}</small></span>`;
                        thumbnail(element, n * 17 + 2, true);
                    }),
            };
        },
        controls() {
            const label = document.createElement('label');
            label.innerHTML = 'kind <select id="card-kind"><option>cover</option><option>rotary</option>' +
                '<option>pagecover</option></select>';
            controls.append(label);
            const select = /** @type {HTMLSelectElement} */ (label.querySelector('select'));
            select.value = this.cardKind;
            select.onchange = () => { this.cardKind = select.value; remount(); };
        },
    },
    million: {
        label: 'A million items',
        hint: 'A flow session of 1,000,000 photos: the page holds a window around the viewport and fetches ahead.',
        stageClass: 'million',
        mount() {
            const size = width() < 600 ? 72 : 100;
            return {
                kind: 'flow',
                overscan: 1.5,
                request: {
                    sections: [{ count: 1000000 }],
                    config: {
                        itemSize: { width: size, height: size }, minimumInteritemSpacing: 8, minimumLineSpacing: 8,
                        sectionInset: { top: 8, left: 8, bottom: 8, right: 8 },
                    },
                },
                render: (/** @type {HTMLElement} */ element, /** @type {any} */ a) =>
                    once(element, `${a.indexPath}`, () => {
                        photo(element, a.indexPath[1], String(a.indexPath[1]));
                    }),
            };
        },
    },
};

/**
 * A number in [0, 10) from an integer, for ratings and distances.
 * @param {number} n
 */
function hash10(n) {
    return (((n * 2654435761) >>> 0) % 1000) / 100;
}

/** The waterfall demo's least column width: the service fits as many columns as it can (masonic's rule). */
const WATERFALL_MIN_COLUMN = 170;

/**
 * Whether waterfall tile `item` is a feature tile, two columns wide.
 * @param {number} item
 */
function isFeatureTile(item) {
    return item % 12 === 4;
}

/**
 * Waterfall tiles: photo aspect ratios, as sizes; every twelfth a wide feature tile across two columns.
 * @param {number} first
 * @param {number} count
 * @returns {import('./layout-client.js').WaterfallItem[]}
 */
function waterfallTiles(first, count) {
    return Array.from({ length: count }, (_, i) => {
        if (isFeatureTile(first + i)) return { width: 16, height: 9, columnSpan: 2 };
        const aspect = photoAspect(first + i + 3);
        return { width: 100, height: Math.round((100 * aspect.height) / aspect.width) };
    });
}

/**
 * The store's carousel (section 0) scrolls sideways on its own: a horizontal wheel or shift-wheel, or a drag,
 * moves its orthogonal offset; when it stops, the session's snap (groupPagingCentered) says where it rests.
 * @param {import('./layout-client.js').LayoutView} view
 */
function installCarousel(view) {
    let offset = 0;
    let start = 0;
    let timer = 0;
    /** @type {{x: number} | null} */
    let drag = null;
    const inCarousel = (/** @type {EventTarget | null} */ target) => {
        const cell = target instanceof HTMLElement ? target.closest('.element.cell') : null;
        return cell instanceof HTMLElement && (cell.dataset.key || '').startsWith('cell/0/');
    };
    const maximum = () => {
        const cells = view.attributes.filter((a) => a.category === 'cell' && a.indexPath[0] === 0);
        const groupWidth = cells.length ? cells[0].frame.width + 16 : stage.clientWidth;
        return Math.max(0, groupWidth * 12 - stage.clientWidth + 16);
    };
    const settle = () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
            timer = 0;
            track(async () => {
                const session = /** @type {any} */ (view.session);
                const proposedContentOffset = { x: offset, y: 0 };
                const answer = await session.snap({ proposedContentOffset, section: 0, startOffset: start });
                offset = answer.contentOffset.x;
                start = offset;
                view.setOrthogonalOffset(0, offset);
            });
        }, 160);
    };
    const moveBy = (/** @type {number} */ dx) => {
        offset = Math.min(maximum(), Math.max(0, offset + dx));
        view.setOrthogonalOffset(0, offset);
        settle();
    };
    stage.onwheel = (event) => {
        const dx = event.deltaX || (event.shiftKey ? event.deltaY : 0);
        if (!dx || !inCarousel(event.target)) return;
        event.preventDefault();
        moveBy(dx);
    };
    stage.onpointerdown = (event) => { if (inCarousel(event.target)) drag = { x: event.clientX }; };
    stage.onpointermove = (event) => {
        if (!drag) return;
        moveBy(drag.x - event.clientX);
        drag.x = event.clientX;
    };
    stage.onpointerup = stage.onpointercancel = () => { drag = null; };
}

/** Mounts the current tab again (its options changed). */
function remount() {
    const name = page.name;
    page.name = '';
    show(name);
}

/**
 * Shows one tab: the previous view is destroyed (its session deleted) and the tab's is mounted.
 * @param {string} name
 */
function show(name) {
    const key = /** @type {keyof typeof tabs} */ (name in tabs ? name : 'justified');
    if (page.name === key) return;
    const previous = page.view;
    if (previous) track(() => previous.destroy());
    page.name = key;
    const tab = /** @type {any} */ (tabs[key]);
    page.tab = tab;
    for (const button of document.querySelectorAll('#tabs button')) {
        button.classList.toggle('active', button.getAttribute('data-demo') === key);
    }
    stage.className = `stage ${tab.stageClass || ''}`;
    stage.onpointerdown = stage.onpointermove = stage.onpointerup = stage.onpointercancel = null;
    stage.onclick = stage.onscroll = stage.onwheel = null;
    content.replaceChildren();
    content.style.width = content.style.height = '0px';
    stage.scrollTo(0, 0);
    hint.textContent = tab.hint;
    controls.replaceChildren();
    tab.controls?.();
    statusLine.textContent = '';
    statusLine.classList.remove('error');
    if (location.hash !== `#${key}`) history.replaceState(null, '', `${location.search}#${key}`);
    const view = mountLayout(stage, { client, content, onError: report, ...tab.mount() });
    page.view = view;
    tab.install?.(view);
    track(() => view.ready);
}

/** The status line, twice a second: what the view holds and what it costs. */
let frames = 0;
let since = performance.now();
let counted = { requests: 0, bytes: 0, t: since };
function tick(/** @type {number} */ now) {
    frames += 1;
    if (now - since >= 500) {
        page.fps = Math.round((frames * 1000) / (now - since));
        frames = 0;
        since = now;
        const view = page.view;
        if (view && !page.error && view.session) {
            const seconds = (now - counted.t) / 1000;
            const queries = (client.requests - counted.requests) / seconds;
            const kilobytes = (client.bytesReceived - counted.bytes) / 1024 / seconds;
            counted = { requests: client.requests, bytes: client.bytesReceived, t: now };
            const items = (view.sectionCounts || []).reduce((sum, n) => sum + n, 0);
            statusLine.textContent = `${view.kind} · ${items.toLocaleString('en')} items · ` +
                `${view.elements.size} elements on screen · ${queries.toFixed(0)} queries/s · ` +
                `${kilobytes.toFixed(0)} KB/s · query ${view.latency.toFixed(1)} ms · ${page.fps} fps`;
        }
    }
    requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

for (const button of document.querySelectorAll('#tabs button')) {
    button.addEventListener('click', () => { location.hash = button.getAttribute('data-demo') || 'justified'; });
}
window.addEventListener('hashchange', () => show(location.hash.slice(1)));

/** The page's state, for the browser test and the benchmark: plain data only. */
/** @type {any} */ (window).layoutdDemo = {
    snapshot() {
        const view = page.view;
        return {
            demo: page.name,
            idle: page.pending === 0 && !!view && view.idle,
            error: page.error,
            sessionId: view?.sessionId,
            kind: view?.kind,
            version: view?.version,
            itemCount: (view?.sectionCounts || []).reduce((sum, n) => sum + n, 0),
            rect: view?.renderedRect,
            contentOffset: view?.renderedOffset,
            scroll: { x: stage.scrollLeft, y: stage.scrollTop },
            stage: { width: stage.clientWidth, height: stage.clientHeight },
            contentSize: view?.contentSize,
            viewport: view?.viewport,
            elementCount: view?.elements.size,
            orthogonalOffsets: view?.orthogonalOffsets,
            queries: client.requests,
            bytes: client.bytesReceived,
            photosReady,
        };
    },
    show,
    get view() { return page.view; },
};

show(location.hash.slice(1) || 'justified');
let photosReady = false;
rasterizeScenes().catch((error) => console.warn('photos stay SVG:', error)).finally(() => { photosReady = true; });
