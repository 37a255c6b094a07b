// The demo page: every element's frame, transform, alpha and zIndex come from layoutd, through layout-client.js.
import { LayoutClient, LayoutError, applyAttributes, elementKey } from './layout-client.js';

const params = new URLSearchParams(location.search);
const client = new LayoutClient({ token: params.get('token') || undefined });

const stage = /** @type {HTMLElement} */ (document.getElementById('stage'));
const content = /** @type {HTMLElement} */ (document.getElementById('content'));
const statusLine = /** @type {HTMLElement} */ (document.getElementById('status'));
const hint = /** @type {HTMLElement} */ (document.getElementById('hint'));
const controls = /** @type {HTMLElement} */ (document.getElementById('controls'));

/** @type {Map<string, HTMLElement>} the element divs on screen, by key */
const elements = new Map();

/** A small deterministic generator, so every visit shows the same wall. */
function randomSource(seed) {
    let state = seed >>> 0;
    return () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state / 4294967296;
    };
}

const color = (n) => `hsl(${(n * 47) % 360} 62% 55%)`;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the page is doing, for people and for the browser test. */
const page = {
    /** @type {Demo | null} */
    demo: null,
    pending: 0,
    error: null,
    queryMs: 0,
    fps: 0,
    /** @type {object[]} the attributes on screen */
    attributes: [],
};

/** Runs an async step, counting it as pending, and reports failures on the page. */
async function track(work) {
    page.pending += 1;
    try {
        return await work();
    } catch (error) {
        page.error = String(error && error.message ? error.message : error);
        statusLine.textContent = `error: ${page.error}`;
        statusLine.classList.add('error');
        console.error(error);
        return undefined;
    } finally {
        page.pending -= 1;
    }
}

function viewportSize() {
    return { width: stage.clientWidth, height: stage.clientHeight };
}

function visibleRect() {
    return { x: stage.scrollLeft, y: stage.scrollTop, width: stage.clientWidth, height: stage.clientHeight };
}

function setContentSize(size) {
    content.style.width = `${size.width}px`;
    content.style.height = `${size.height}px`;
}

/**
 * Shows exactly `attributes`: reuses the divs whose keys stay, creates the new ones, removes the others.
 * @param {Demo} demo
 * @param {object[]} attributes
 * @param {{fadeIn?: boolean}} [options] new elements start transparent and fade to their alpha
 */
function render(demo, attributes, options = {}) {
    if (page.demo !== demo) return;
    const seen = new Set();
    const created = [];
    for (const a of attributes) {
        const key = elementKey(a);
        seen.add(key);
        let element = elements.get(key);
        const isNew = !element;
        if (!element) {
            element = document.createElement('div');
            element.dataset.key = key;
            element.className = `element ${a.category === 'cell' ? 'cell' : a.kind}`;
            content.appendChild(element);
            elements.set(key, element);
            if (options.fadeIn) {
                applyAttributes(element, { ...a, alpha: 0 });
                created.push([element, a]);
            }
        }
        demo.decorate(element, a);
        if (!(isNew && options.fadeIn)) applyAttributes(element, a);
    }
    for (const [key, element] of elements) {
        if (!seen.has(key)) {
            element.remove();
            elements.delete(key);
        }
    }
    if (created.length) {
        void content.offsetWidth; // commit the transparent start so that the change below animates
        for (const [element, a] of created) applyAttributes(element, a);
    }
    page.attributes = attributes;
}

/** Coalesces scroll events: one query per frame, never two at once. */
class Refresher {
    constructor(demo) {
        this.demo = demo;
        this.scheduled = false;
        this.running = false;
        this.dirty = false;
    }

    schedule() {
        if (this.scheduled) return;
        this.scheduled = true;
        page.pending += 1;
        requestAnimationFrame(() => {
            this.scheduled = false;
            this.run().finally(() => {
                page.pending -= 1;
            });
        });
    }

    async run() {
        if (this.running) {
            this.dirty = true;
            return;
        }
        this.running = true;
        try {
            do {
                this.dirty = false;
                if (page.demo === this.demo && this.demo.sessionId) await track(() => this.demo.refresh());
            } while (this.dirty);
        } finally {
            this.running = false;
        }
    }
}

/** A demo: one session, shown in the stage. Subclasses give the session request and the interactions. */
class Demo {
    constructor(name) {
        this.name = name;
        /** @type {string | null} */
        this.sessionId = null;
        this.kind = '';
        this.version = 0;
        this.itemCount = 0;
        this.contentSize = { width: 0, height: 0 };
        this.viewport = { width: 0, height: 0 };
        this.scroll = { x: 0, y: 0 };
        this.rect = null;
        this.contentOffset = null;
        this.refresher = new Refresher(this);
        this.snapTimer = 0;
    }

    hint() {
        return '';
    }

    stageClass() {
        return '';
    }

    /** @returns {object} the session request */
    sessionRequest(_viewport) {
        throw new Error('subclass');
    }

    decorate(element, a) {
        const [section, item] = a.indexPath;
        if (a.category !== 'cell') {
            element.textContent = a.kind === 'header' ? `Section ${section}` : '';
            return;
        }
        element.style.background = color(section * 31 + item);
        element.textContent = String(item);
    }

    buildControls() {}

    async createSession() {
        this.viewport = viewportSize();
        const summary = await client.createSession(this.sessionRequest(this.viewport));
        this.adopt(summary);
    }

    adopt(summary) {
        this.sessionId = summary.id;
        this.kind = summary.kind;
        this.version = summary.version;
        this.itemCount = summary.sections.reduce((sum, n) => sum + n, 0);
        this.contentSize = summary.contentSize;
    }

    async activate() {
        if (!this.sessionId) await this.createSession();
        else if (!sameSize(this.viewport, viewportSize())) await this.resize();
        if (page.demo !== this) return;
        setContentSize(this.contentSize);
        stage.scrollTo(this.scroll.x, this.scroll.y);
        await this.refresh();
    }

    /** Queries the visible rect and shows it; a session the server no longer holds is created again. */
    async refresh() {
        try {
            await this.query();
        } catch (error) {
            if (!(error instanceof LayoutError) || error.type !== '/problems/session-gone') throw error;
            await this.createSession();
            await this.query();
        }
    }

    /** Queries the visible rect and shows it. */
    async query() {
        const rect = visibleRect();
        const contentOffset = { x: rect.x, y: rect.y };
        const started = performance.now();
        const id = this.sessionId;
        const answer = await client.query(id, { rect, contentOffset });
        page.queryMs = performance.now() - started;
        // A session replaced meanwhile (the cards demo switching kinds) answers for a layout no longer shown.
        if (page.demo !== this || id !== this.sessionId) return;
        this.scroll = contentOffset;
        this.rect = rect;
        this.contentOffset = contentOffset;
        this.version = answer.version;
        this.contentSize = answer.contentSize;
        setContentSize(answer.contentSize);
        render(this, answer.attributes);
        this.afterRefresh(rect);
        this.showStatus();
    }

    afterRefresh(_rect) {}

    onScroll() {
        this.refresher.schedule();
    }

    onClick(_event) {}

    /** Asks the session where to come to rest once scrolling pauses for 120 ms (`snap`). */
    scheduleSnap(velocity) {
        if (this.snapTimer) clearTimeout(this.snapTimer);
        else page.pending += 1;
        this.snapTimer = setTimeout(() => {
            this.snapTimer = 0;
            track(() => this.snap(velocity)).finally(() => {
                page.pending -= 1;
            });
        }, 120);
    }

    async snap(velocity) {
        if (page.demo !== this || !this.sessionId) return;
        const proposed = { x: stage.scrollLeft, y: stage.scrollTop };
        const answer = await client.snap(this.sessionId, { proposedContentOffset: proposed, velocity });
        const { x, y } = answer.contentOffset;
        if (page.demo !== this || (Math.abs(x - stage.scrollLeft) < 0.5 && Math.abs(y - stage.scrollTop) < 0.5)) return;
        stage.scrollTo({ left: x, top: y, behavior: 'smooth' });
    }

    /** A bounds change: the session keeps its items; the visible item stays in place. */
    async resize() {
        const viewport = viewportSize();
        const contentOffset = { x: stage.scrollLeft, y: stage.scrollTop };
        const answer = await client.invalidate(this.sessionId, { viewport, contentOffset });
        this.viewport = viewport;
        this.version = answer.version;
        this.contentSize = answer.contentSize;
        if (page.demo !== this) return;
        setContentSize(answer.contentSize);
        stage.scrollTo(contentOffset.x + answer.contentOffsetAdjustment.x, contentOffset.y + answer.contentOffsetAdjustment.y);
    }

    showStatus() {
        statusLine.classList.remove('error');
        statusLine.textContent = `${this.kind} session ${this.sessionId?.slice(0, 8)} · version ${this.version} · ` +
            `${this.itemCount} items · ${elements.size} elements on screen · query ${page.queryMs.toFixed(1)} ms`;
    }
}

function sameSize(a, b) {
    return a.width === b.width && a.height === b.height;
}

class WaterfallDemo extends Demo {
    constructor() {
        super('waterfall');
        this.random = randomSource(7);
        this.loading = false;
    }

    hint() {
        return 'A shop wall: three columns, each tile to the shortest one. Scroll to the bottom to load more (an updates insert).';
    }

    tiles(count) {
        return Array.from({ length: count }, () => ({ width: 100, height: Math.round(35 + this.random() * 95) }));
    }

    sessionRequest(viewport) {
        return {
            kind: 'waterfall',
            viewport,
            sections: [{ items: this.tiles(60) }],
            config: {
                columnCount: 3,
                columnSpacing: 12,
                rowSpacing: 12,
                sectionInset: { top: 12, left: 12, bottom: 12, right: 12 },
            },
        };
    }

    afterRefresh(rect) {
        if (this.loading || this.itemCount >= 2000) return;
        if (rect.y + rect.height < this.contentSize.height - 60) return;
        this.loading = true;
        track(async () => {
            try {
                const first = this.itemCount;
                const insertItems = this.tiles(30).map((size, i) => ({ indexPath: [0, first + i], size }));
                const answer = await client.update(this.sessionId, { insertItems });
                this.version = answer.version;
                this.itemCount += insertItems.length;
                this.contentSize = answer.contentSize;
            } finally {
                this.loading = false;
            }
            this.refresher.schedule();
        });
    }
}

class LineDemo extends Demo {
    constructor() {
        super('line');
        this.ids = Array.from({ length: 40 }, (_, i) => i);
        this.drag = null;
        this.deleting = false;
    }

    hint() {
        return 'A photo browser: drag or scroll the strip, it snaps to the nearest photo (snap). Tap a photo to delete it (updates).';
    }

    stageClass() {
        return 'horizontal';
    }

    sessionRequest(viewport) {
        return {
            kind: 'line',
            viewport,
            sections: [{ count: this.ids.length }],
            config: { itemSize: { width: 180, height: 240 }, minimumLineSpacing: 60, activeDistance: 240 },
        };
    }

    decorate(element, a) {
        const id = this.ids[a.indexPath[1]];
        if (element.dataset.photo === String(id)) return;
        element.dataset.photo = String(id);
        element.style.background = color(id * 3);
        element.textContent = `photo ${id}`;
    }

    onScroll() {
        super.onScroll();
        if (!this.drag && !this.deleting) this.scheduleSnap({ x: 0, y: 0 });
    }

    installDrag() {
        stage.onpointerdown = (event) => {
            if (page.demo !== this) return;
            this.suppressClick = false;
            this.drag = { x: event.clientX, start: event.clientX, t: event.timeStamp, velocity: 0, moved: false };
        };
        stage.onpointermove = (event) => {
            const drag = this.drag;
            if (!drag || page.demo !== this) return;
            const dx = event.clientX - drag.x;
            if (Math.abs(event.clientX - drag.start) > 5) drag.moved = true;
            if (!drag.moved) return;
            const dt = Math.max(1, event.timeStamp - drag.t);
            drag.velocity = (-dx / dt) * 1000;
            drag.x = event.clientX;
            drag.t = event.timeStamp;
            stage.scrollLeft -= dx;
        };
        const release = () => {
            const drag = this.drag;
            this.drag = null;
            if (drag && drag.moved && page.demo === this) {
                this.suppressClick = true;
                this.scheduleSnap({ x: drag.velocity, y: 0 });
            }
        };
        stage.onpointerup = release;
        stage.onpointercancel = release;
    }

    onClick(event) {
        if (this.suppressClick) {
            this.suppressClick = false;
            return;
        }
        const target = event.target instanceof HTMLElement ? event.target.closest('.element.cell') : null;
        if (!target || this.deleting) return;
        const item = elements.get(target.dataset.key) === target ? Number(target.dataset.key.split('/')[2]) : -1;
        if (item < 0) return;
        track(() => this.deleteItem(item));
    }

    /** Deletes one photo: it fades out at its old frame while the others slide over (`disappearing`). */
    async deleteItem(item) {
        this.deleting = true;
        try {
            const rect = visibleRect();
            const contentOffset = { x: rect.x, y: rect.y };
            const answer = await client.update(this.sessionId, { deleteItems: [[0, item]], rect, contentOffset });
            if (page.demo !== this) return;
            this.version = answer.version;
            this.itemCount -= 1;
            this.contentSize = answer.contentSize;
            this.ids.splice(item, 1);
            stage.classList.add('animated');
            // Re-key the divs: the deleted one leaves the table and fades out; those after it move down by one.
            const going = elements.get(`cell/0/${item}`);
            elements.delete(`cell/0/${item}`);
            const shifted = [...elements.entries()]
                .map(([key, element]) => [Number(key.split('/')[2]), element])
                .sort((a, b) => a[0] - b[0]);
            for (const [index, element] of shifted) {
                if (index > item) {
                    elements.delete(`cell/0/${index}`);
                    element.dataset.key = `cell/0/${index - 1}`;
                }
            }
            for (const [index, element] of shifted) {
                if (index > item) elements.set(`cell/0/${index - 1}`, element);
            }
            const disappearing = answer.disappearing.find((a) => a.category === 'cell' && a.indexPath[1] === item);
            if (going && disappearing) applyAttributes(going, disappearing);
            this.rect = rect;
            this.contentOffset = contentOffset;
            setContentSize(answer.contentSize);
            render(this, answer.attributes || [], { fadeIn: true });
            this.showStatus();
            await sleep(350);
            going?.remove();
            stage.classList.remove('animated');
        } finally {
            this.deleting = false;
        }
        this.refresher.schedule();
        this.scheduleSnap({ x: 0, y: 0 });
    }
}

class StackCircleDemo extends Demo {
    constructor() {
        super('stack');
        this.animating = false;
        this.itemSize = { width: 120, height: 120 };
    }

    hint() {
        return 'Tap the background to switch between a stack and a circle (transition at successive progress values, then commit).';
    }

    stageClass() {
        return 'fixed';
    }

    sessionRequest(viewport) {
        return { kind: 'stack', viewport, sections: [{ count: 12 }], config: { itemSize: this.itemSize } };
    }

    target() {
        if (this.kind === 'stack') {
            const radius = Math.max(40, Math.min(this.viewport.width, this.viewport.height) / 2 - this.itemSize.height);
            return { kind: 'circle', config: { itemSize: this.itemSize, radius } };
        }
        return { kind: 'stack', config: { itemSize: this.itemSize } };
    }

    onClick(event) {
        if (event.target !== stage && event.target !== content) return;
        if (this.animating) return;
        track(() => this.switchLayout());
    }

    async switchLayout() {
        this.animating = true;
        try {
            const to = this.target();
            const rect = { x: 0, y: 0, width: this.viewport.width, height: this.viewport.height };
            const steps = 16;
            for (let step = 1; step <= steps; step += 1) {
                const progress = step / steps;
                const answer = await client.transition(this.sessionId, { to, progress, rect, commit: step === steps });
                if (page.demo !== this) return;
                this.version = answer.version;
                render(this, answer.attributes);
                await nextFrame();
            }
            this.kind = to.kind;
            await this.refresh();
        } finally {
            this.animating = false;
        }
    }
}

class FlowDemo extends Demo {
    constructor() {
        super('flow');
        this.pinned = true;
        this.alignment = 'left';
    }

    hint() {
        return 'UICollectionViewFlowLayout: sections with headers that pin to the top while their section shows.';
    }

    sessionRequest(viewport) {
        const random = randomSource(11);
        const sections = Array.from({ length: 8 }, () => ({
            items: Array.from({ length: 18 }, () => ({
                width: Math.round(60 + random() * 120),
                height: Math.round(50 + random() * 40),
            })),
        }));
        return {
            kind: 'flow',
            viewport,
            sections,
            config: {
                headerReferenceSize: { width: 0, height: 40 },
                sectionHeadersPinToVisibleBounds: this.pinned,
                horizontalAlignment: this.alignment,
                minimumInteritemSpacing: 8,
                minimumLineSpacing: 8,
                sectionInset: { top: 10, left: 10, bottom: 16, right: 10 },
            },
        };
    }

    buildControls() {
        const pin = document.createElement('label');
        pin.innerHTML = '<input type="checkbox" id="pin"> pin headers ';
        const align = document.createElement('label');
        align.innerHTML = ' alignment <select id="alignment"><option>left</option><option>justified</option>' +
            '<option>right</option><option>center</option></select>';
        controls.append(pin, align);
        const checkbox = /** @type {HTMLInputElement} */ (pin.querySelector('input'));
        const select = /** @type {HTMLSelectElement} */ (align.querySelector('select'));
        checkbox.checked = this.pinned;
        select.value = this.alignment;
        const rebuild = () => {
            this.pinned = checkbox.checked;
            this.alignment = select.value;
            track(async () => {
                await this.createSession();
                await this.refresh();
            });
        };
        checkbox.onchange = rebuild;
        select.onchange = rebuild;
    }
}

/** Seed 004's card kinds, one session at a time: cards that cover each other, a 3-D carousel, a page turn. */
class CardsDemo extends Demo {
    constructor() {
        super('cards');
        this.cardKind = 'cover';
    }

    hint() {
        return {
            cover: 'Card cover: a card reaching the top stays there, shrinking and dimming as the next one slides over it.',
            rotary: 'Card rotation: the strip turns its cards in 3-D (transform3D as CSS matrix3d()); it snaps to a card.',
            pagecover: 'Page turn: scroll sideways; the turning page uncovers the next one, waiting beneath it.',
        }[this.cardKind];
    }

    stageClass() {
        return this.cardKind === 'cover' ? '' : 'horizontal';
    }

    sessionRequest(viewport) {
        const configs = {
            cover: { sectionInset: { top: 12, left: 12, bottom: 12, right: 12 }, minimumLineSpacing: 12 },
            rotary: { itemSize: { width: 200, height: Math.min(280, Math.max(80, viewport.height - 40)) } },
            pagecover: {},
        };
        const count = this.cardKind === 'pagecover' ? 12 : 30;
        return { kind: this.cardKind, viewport, sections: [{ count }], config: configs[this.cardKind] };
    }

    decorate(element, a) {
        element.style.background = color(a.indexPath[1] * 5 + 2);
        element.textContent = `${this.cardKind === 'pagecover' ? 'page' : 'card'} ${a.indexPath[1]}`;
    }

    onScroll() {
        super.onScroll();
        this.scheduleSnap({ x: 0, y: 0 });
    }

    buildControls() {
        const label = document.createElement('label');
        label.innerHTML = 'kind <select id="card-kind"><option>cover</option><option>rotary</option>' +
            '<option>pagecover</option></select>';
        controls.append(label);
        const select = /** @type {HTMLSelectElement} */ (label.querySelector('select'));
        select.value = this.cardKind;
        select.onchange = () => {
            this.cardKind = select.value;
            stage.className = `stage ${this.stageClass()}`;
            hint.textContent = this.hint();
            for (const element of elements.values()) element.remove();
            elements.clear();
            stage.scrollTo(0, 0);
            track(async () => {
                await this.createSession();
                setContentSize(this.contentSize);
                await this.refresh();
            });
        };
    }
}

class MillionDemo extends Demo {
    constructor() {
        super('million');
        this.frames = 0;
        this.since = performance.now();
        this.ticking = false;
    }

    hint() {
        return 'A flow session of 1,000,000 cells: each frame asks only for the visible rect and renders only that.';
    }

    stageClass() {
        return 'million';
    }

    sessionRequest(viewport) {
        return {
            kind: 'flow',
            viewport,
            sections: [{ count: 1000000 }],
            config: {
                itemSize: { width: 56, height: 56 },
                minimumInteritemSpacing: 4,
                minimumLineSpacing: 4,
                sectionInset: { top: 4, left: 4, bottom: 4, right: 4 },
            },
        };
    }

    decorate(element, a) {
        if (element.textContent) return;
        element.style.background = color(a.indexPath[1]);
        element.textContent = String(a.indexPath[1]);
    }

    async activate() {
        await super.activate();
        if (this.ticking) return;
        this.ticking = true;
        const tick = (now) => {
            if (page.demo !== this) {
                this.ticking = false;
                return;
            }
            this.frames += 1;
            if (now - this.since >= 1000) {
                page.fps = Math.round((this.frames * 1000) / (now - this.since));
                this.frames = 0;
                this.since = now;
                this.showStatus();
            }
            requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
    }

    showStatus() {
        statusLine.classList.remove('error');
        statusLine.textContent = `${elements.size} elements on screen of ${this.itemCount.toLocaleString('en')} · ` +
            `query ${page.queryMs.toFixed(1)} ms · ${page.fps} fps`;
    }
}

const demos = {
    waterfall: new WaterfallDemo(),
    line: new LineDemo(),
    stack: new StackCircleDemo(),
    flow: new FlowDemo(),
    cards: new CardsDemo(),
    million: new MillionDemo(),
};

/** Shows one demo; its session is kept, so coming back finds it as it was left. */
function show(name) {
    const demo = demos[name] || demos.waterfall;
    if (page.demo === demo) return;
    if (page.demo) page.demo.scroll = { x: stage.scrollLeft, y: stage.scrollTop };
    page.demo = demo;
    for (const button of document.querySelectorAll('#tabs button')) {
        button.classList.toggle('active', button.getAttribute('data-demo') === demo.name);
    }
    for (const element of elements.values()) element.remove();
    elements.clear();
    page.attributes = [];
    stage.className = `stage ${demo.stageClass()}`;
    stage.onpointerdown = stage.onpointermove = stage.onpointerup = stage.onpointercancel = null;
    if (demo instanceof LineDemo) demo.installDrag();
    hint.textContent = demo.hint();
    controls.replaceChildren();
    demo.buildControls();
    statusLine.textContent = '';
    setContentSize(demo.contentSize);
    if (location.hash !== `#${demo.name}`) history.replaceState(null, '', `${location.search}#${demo.name}`);
    track(() => demo.activate());
}

for (const button of document.querySelectorAll('#tabs button')) {
    button.addEventListener('click', () => show(button.getAttribute('data-demo') || 'waterfall'));
}
stage.addEventListener('scroll', () => page.demo?.onScroll(), { passive: true });
stage.addEventListener('click', (event) => page.demo?.onClick(event));

let resizeTimer = 0;
window.addEventListener('resize', () => {
    if (resizeTimer) clearTimeout(resizeTimer);
    else page.pending += 1;
    resizeTimer = setTimeout(() => {
        resizeTimer = 0;
        const demo = page.demo;
        track(async () => {
            if (!demo || !demo.sessionId || sameSize(demo.viewport, viewportSize())) return;
            await demo.resize();
            await demo.refresh();
        }).finally(() => {
            page.pending -= 1;
        });
    }, 100);
});

/** The page's state, for the browser test: plain data only. */
window.layoutdDemo = {
    snapshot() {
        const demo = page.demo;
        return {
            demo: demo?.name,
            idle: page.pending === 0,
            error: page.error,
            sessionId: demo?.sessionId,
            kind: demo?.kind,
            version: demo?.version,
            itemCount: demo?.itemCount,
            rect: demo?.rect,
            contentOffset: demo?.contentOffset,
            viewport: demo?.viewport,
            elementCount: elements.size,
            queryMs: page.queryMs,
        };
    },
    show,
};

show(location.hash.slice(1) || 'waterfall');
