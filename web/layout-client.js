// layoutd's JavaScript client: one method per route, no dependencies. Served by layoutd at /layout-client.js.
//
//   import { LayoutClient, applyAttributes } from '/layout-client.js';
//   const client = new LayoutClient({ baseURL: 'http://127.0.0.1:8080', token: 'optional' });
//   const answer = await client.layout('waterfall', { viewport: { width: 375, height: 667 }, sections: [{ count: 20 }] });

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{width: number, height: number}} Size
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 * @typedef {{a: number, b: number, c: number, d: number, tx: number, ty: number}} AffineTransform
 * @typedef {[number, number]} IndexPath
 * @typedef {{
 *   category: 'cell' | 'supplementaryView' | 'decorationView',
 *   kind?: string,
 *   indexPath: IndexPath,
 *   frame: Rect,
 *   zIndex: number,
 *   alpha: number,
 *   hidden: boolean,
 *   transform?: AffineTransform,
 *   transform3D?: number[]
 * }} Attributes
 * @typedef {{kind: string, contentSize: Size, attributes: Attributes[]}} LayoutAnswer
 * @typedef {{
 *   viewport: Size,
 *   sections: object[],
 *   contentOffset?: Point,
 *   layoutDirection?: 'leftToRight' | 'rightToLeft',
 *   config?: object,
 *   rect?: Rect
 * }} LayoutRequest
 * @typedef {LayoutRequest & {kind: string}} SessionRequest
 * @typedef {{id: string, kind: string, version: number, contentSize: Size, sections: number[]}} SessionSummary
 * @typedef {{version: number, contentSize: Size, attributes: Attributes[]}} QueryAnswer
 * @typedef {{ifMatch?: number | string}} MutationOptions
 */

/** A problem+json answer (RFC 9457), thrown by every method of {@link LayoutClient} on a 4xx or 5xx. */
export class LayoutError extends Error {
    /**
     * @param {number} status The HTTP status.
     * @param {{type?: string, title?: string, detail?: string, pointer?: string}} problem The answer's body.
     */
    constructor(status, problem) {
        super(problem.detail || problem.title || `HTTP ${status}`);
        this.name = 'LayoutError';
        /** @type {number} */
        this.status = status;
        /** @type {string} e.g. `/problems/invalid-field` */
        this.type = problem.type || 'about:blank';
        /** @type {string} */
        this.title = problem.title || '';
        /** @type {string} */
        this.detail = problem.detail || '';
        /** @type {string | undefined} the RFC 6901 pointer to the offending field, for input errors */
        this.pointer = problem.pointer;
        /** @type {object} the whole problem */
        this.problem = problem;
    }
}

/** A client for one layoutd server. */
export class LayoutClient {
    /**
     * @param {{baseURL?: string, token?: string, fetch?: typeof fetch}} [options] `baseURL` defaults to the page's
     *   own origin (''); `token` is sent as `Authorization: Bearer <token>` when set; `fetch` replaces the global
     *   one (a script may count requests or bring its own connection pool).
     */
    constructor({ baseURL = '', token, fetch: fetchFunction } = {}) {
        this.baseURL = baseURL.replace(/\/$/, '');
        this.token = token || undefined;
        /** @type {typeof fetch} */
        this.fetch = fetchFunction || ((input, init) => globalThis.fetch(input, init));
    }

    /**
     * Sends one request; returns the parsed JSON answer, or null for 204.
     * @param {string} method
     * @param {string} path
     * @param {object} [body]
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     * @throws {LayoutError}
     */
    async request(method, path, body, options = {}) {
        /** @type {Record<string, string>} */
        const headers = {};
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        if (this.token) headers['Authorization'] = `Bearer ${this.token}`;
        if (options.ifMatch !== undefined) headers['If-Match'] = `"${options.ifMatch}"`;
        const response = await this.fetch(this.baseURL + path, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (response.status === 204) return null;
        const text = await response.text();
        let json = null;
        try {
            json = text ? JSON.parse(text) : null;
        } catch {
            json = null;
        }
        if (!response.ok) {
            throw new LayoutError(response.status, json && typeof json === 'object' ? json : { detail: text });
        }
        return json;
    }

    /**
     * `POST /layout/{kind}`: a stateless layout.
     * @param {string} kind flow, waterfall, line, stack, circle
     * @param {LayoutRequest} request
     * @returns {Promise<LayoutAnswer>}
     */
    layout(kind, request) {
        return this.request('POST', `/layout/${encodeURIComponent(kind)}`, request);
    }

    /** `GET /kinds`: every kind and its parameters. @returns {Promise<{kinds: object[]}>} */
    kinds() {
        return this.request('GET', '/kinds');
    }

    /**
     * `POST /sessions`: prepares a layout and keeps it.
     * @param {SessionRequest} request a layout request plus `kind`
     * @returns {Promise<SessionSummary>}
     */
    createSession(request) {
        return this.request('POST', '/sessions', request);
    }

    /** `GET /sessions/{id}`. @param {string} id @returns {Promise<SessionSummary>} */
    getSession(id) {
        return this.request('GET', `/sessions/${id}`);
    }

    /** `DELETE /sessions/{id}`. @param {string} id @returns {Promise<null>} */
    deleteSession(id) {
        return this.request('DELETE', `/sessions/${id}`);
    }

    /**
     * `POST /sessions/{id}/query`: the elements in a rect.
     * @param {string} id
     * @param {{rect: Rect, contentOffset?: Point}} body
     * @returns {Promise<QueryAnswer>}
     */
    query(id, body) {
        return this.request('POST', `/sessions/${id}/query`, body);
    }

    /**
     * `GET /sessions/{id}/items/{section}/{item}`: one cell.
     * @param {string} id @param {number} section @param {number} item @returns {Promise<Attributes>}
     */
    item(id, section, item) {
        return this.request('GET', `/sessions/${id}/items/${section}/${item}`);
    }

    /**
     * `GET /sessions/{id}/supplementary/{kind}/{section}/{item}`: one header, footer, background or
     * compositional side item (`leadingSupplementary`, `trailingSupplementary`, `topSupplementary`, `bottomSupplementary`).
     * @param {string} id @param {string} kind @param {number} section @param {number} item
     * @returns {Promise<Attributes>}
     */
    supplementary(id, kind, section, item) {
        return this.request('GET', `/sessions/${id}/supplementary/${encodeURIComponent(kind)}/${section}/${item}`);
    }

    /**
     * `POST /sessions/{id}/snap`: where scrolling should rest (compositional: `section` snaps that orthogonal
     * section, `startOffset` its offset when the gesture began, so that paging moves one page or group at most).
     * @param {string} id
     * @param {{proposedContentOffset: Point, velocity?: Point, section?: number, startOffset?: number}} body
     * @returns {Promise<{contentOffset: Point}>}
     */
    snap(id, body) {
        return this.request('POST', `/sessions/${id}/snap`, body);
    }

    /**
     * `POST /sessions/{id}/invalidate`: self-sizing items (and compositional headers and footers), bounds changes.
     * @param {string} id
     * @param {{items?: {indexPath: IndexPath, size: Size}[],
     *   supplementaries?: {kind: string, indexPath: IndexPath, size: Size}[], viewport?: Size, everything?: boolean,
     *   contentOffset?: Point, rect?: Rect}} body
     * @param {MutationOptions} [options]
     * @returns {Promise<{version: number, contentSize: Size, contentSizeAdjustment: Size,
     *   contentOffsetAdjustment: Point, before?: Attributes[], after?: Attributes[]}>}
     */
    invalidate(id, body, options) {
        return this.request('POST', `/sessions/${id}/invalidate`, body, options);
    }

    /**
     * `POST /sessions/{id}/updates`: batch updates with UIKit's rules.
     * @param {string} id
     * @param {object} body deleteItems, insertItems, reloadItems, moveItems, deleteSections, insertSections,
     *   expectedItemCounts, rect, contentOffset
     * @param {MutationOptions} [options]
     * @returns {Promise<{version: number, contentSize: Size, contentSizeAdjustment: Size,
     *   moved: {from: IndexPath, to: IndexPath}[], appearing: Attributes[], disappearing: Attributes[],
     *   attributes?: Attributes[]}>}
     */
    update(id, body, options) {
        return this.request('POST', `/sessions/${id}/updates`, body, options);
    }

    /**
     * `POST /sessions/{id}/transition`: the elements part way to another kind; `commit: true` switches.
     * @param {string} id
     * @param {{to: {kind: string, config?: object}, progress: number, rect?: Rect, contentOffset?: Point,
     *   commit?: boolean}} body
     * @param {MutationOptions} [options]
     * @returns {Promise<{version: number, progress: number, contentSize: Size, attributes: Attributes[]}>}
     */
    transition(id, body, options) {
        return this.request('POST', `/sessions/${id}/transition`, body, options);
    }

    /**
     * `POST /sessions/{id}/move`: interactive movement while dragging.
     * @param {string} id
     * @param {{indexPath: IndexPath, position: Point, rect?: Rect, contentOffset?: Point}} body
     * @returns {Promise<{version: number, item: Attributes, targetIndexPath: IndexPath, attributes?: Attributes[]}>}
     */
    move(id, body) {
        return this.request('POST', `/sessions/${id}/move`, body);
    }

    /**
     * `POST /sessions/{id}/move/end`: commits an interactive move.
     * @param {string} id
     * @param {{indexPath: IndexPath, targetIndexPath: IndexPath, rect?: Rect}} body
     * @param {MutationOptions} [options]
     * @returns {Promise<{version: number, contentSize: Size, moved: {from: IndexPath, to: IndexPath}[],
     *   attributes?: Attributes[]}>}
     */
    endMove(id, body, options) {
        return this.request('POST', `/sessions/${id}/move/end`, body, options);
    }
}

/**
 * A session that outlives its server: it keeps the request it was created from and the mutations committed since,
 * and when an answer says the session is gone (404 `/problems/session-gone`: deleted, expired, evicted, or its
 * replica went away behind a load balancer), it creates the session again, replays those mutations in the order
 * their answers arrived, and retries the call once. The caller sees the answer, never the loss; the new session has
 * the same items, layout and version as the lost one.
 *
 *   const session = await LayoutSession.open(client, { kind: 'flow', viewport, sections: [{ count: 1000 }] });
 *   const answer = await session.query({ rect });
 *
 * Mutations (`invalidate`, `update`, `endMove`, `transition` with `commit: true`) are kept until {@link rebase}
 * replaces them by a request describing the current state.
 */
export class LayoutSession {
    /**
     * @param {LayoutClient} client
     * @param {SessionRequest} request what the session is created from
     */
    constructor(client, request) {
        this.client = client;
        /** @type {SessionRequest} */
        this.request = request;
        /** @type {string | null} the current id; it changes when the session is created again */
        this.id = null;
        /** @type {number} the session's version, from the last answer that carried one */
        this.version = 0;
        /** @type {SessionSummary | null} the last create's answer */
        this.summary = null;
        /** @type {{method: string, args: any[]}[]} mutations committed since the request, replayed on recreation */
        this.mutations = [];
        /** @type {number} how many times the session was created again */
        this.recreations = 0;
        /** @type {Promise<void> | null} */
        this.creating = null;
    }

    /**
     * Creates a session and returns its handle.
     * @param {LayoutClient} client @param {SessionRequest} request @returns {Promise<LayoutSession>}
     */
    static async open(client, request) {
        const session = new LayoutSession(client, request);
        await session.create();
        return session;
    }

    /** Creates the session from the kept request and replays the kept mutations. @returns {Promise<void>} */
    async create() {
        const summary = await this.client.createSession(this.request);
        this.summary = summary;
        this.version = summary.version;
        for (const { method, args } of this.mutations) {
            const answer = await /** @type {any} */ (this.client)[method](summary.id, ...args);
            if (answer && typeof answer.version === 'number') this.version = answer.version;
        }
        this.id = summary.id;
    }

    /**
     * Forgets the kept mutations: `request` now describes the session as it is (e.g. after updates the caller
     * folded into its own model), so a recreation starts from it alone.
     * @param {SessionRequest} request
     */
    rebase(request) {
        this.request = request;
        this.mutations = [];
    }

    /**
     * Calls a {@link LayoutClient} session method; on session-gone, creates the session again (once for every
     * caller that saw the same id go) and retries.
     * @param {string} method a LayoutClient method taking the id, then `args`
     * @param {any[]} args the method's other arguments
     * @param {boolean} [mutates] whether a success is kept for replay (without its If-Match)
     * @returns {Promise<any>}
     */
    async call(method, args, mutates = false) {
        for (let attempt = 0; ; attempt += 1) {
            const id = this.id;
            try {
                const answer = await /** @type {any} */ (this.client)[method](id, ...args);
                if (answer && typeof answer.version === 'number') this.version = answer.version;
                if (mutates) this.mutations.push({ method, args: [args[0]] });
                return answer;
            } catch (error) {
                if (attempt > 0 || !(error instanceof LayoutError) || error.type !== '/problems/session-gone') throw error;
                if (this.id === id) {
                    if (!this.creating) {
                        this.recreations += 1;
                        this.creating = this.create().finally(() => { this.creating = null; });
                    }
                    await this.creating;
                }
            }
        }
    }

    /** `query`: the elements in a rect. @param {{rect: Rect, contentOffset?: Point}} body @returns {Promise<QueryAnswer>} */
    query(body) { return this.call('query', [body]); }

    /** `snap`. @param {{proposedContentOffset: Point, velocity?: Point}} body @returns {Promise<{contentOffset: Point}>} */
    snap(body) { return this.call('snap', [body]); }

    /** `invalidate`; kept for replay. @param {object} body @param {MutationOptions} [options] @returns {Promise<any>} */
    invalidate(body, options) { return this.call('invalidate', [body, options], true); }

    /** `updates`; kept for replay. @param {object} body @param {MutationOptions} [options] @returns {Promise<any>} */
    update(body, options) { return this.call('update', [body, options], true); }

    /**
     * `transition`; kept for replay when it commits.
     * @param {{to: {kind: string, config?: object}, progress: number, rect?: Rect, contentOffset?: Point,
     *   commit?: boolean}} body
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     */
    transition(body, options) { return this.call('transition', [body, options], body.commit === true); }

    /** `move` while dragging. @param {object} body @returns {Promise<any>} */
    move(body) { return this.call('move', [body]); }

    /** `move/end`; kept for replay. @param {object} body @param {MutationOptions} [options] @returns {Promise<any>} */
    endMove(body, options) { return this.call('endMove', [body, options], true); }

    /** One cell. @param {number} section @param {number} item @returns {Promise<Attributes>} */
    item(section, item) { return this.call('item', [section, item]); }

    /**
     * One header, footer, background or compositional side item (`leadingSupplementary`, …).
     * @param {string} kind @param {number} section @param {number} item @returns {Promise<Attributes>}
     */
    supplementary(kind, section, item) { return this.call('supplementary', [kind, section, item]); }

    /** The summary. @returns {Promise<SessionSummary>} */
    get() { return this.call('getSession', []); }

    /** Deletes the session on the server; a gone one counts as deleted. @returns {Promise<void>} */
    async close() {
        try {
            await this.client.deleteSession(/** @type {string} */ (this.id));
        } catch (error) {
            if (!(error instanceof LayoutError) || error.type !== '/problems/session-gone') throw error;
        }
    }
}

/**
 * The CSS `transform` for an element: `matrix(a, b, c, d, tx, ty)` for an affine transform, `matrix3d(…)` with
 * `transform3D`'s 16 numbers in the order given (CSS's argument order), or 'none'. Applied about the centre, which
 * is CSS's default `transform-origin`.
 * @param {Attributes} attributes
 * @returns {string}
 */
export function cssTransform(attributes) {
    if (attributes.transform3D) return `matrix3d(${attributes.transform3D.join(', ')})`;
    const t = attributes.transform;
    if (t) return `matrix(${t.a}, ${t.b}, ${t.c}, ${t.d}, ${t.tx}, ${t.ty})`;
    return 'none';
}

/**
 * A stable key for an element: `cell/0/3`, `supplementaryView/header/1/0`.
 * @param {Attributes} attributes
 * @returns {string}
 */
export function elementKey(attributes) {
    const [section, item] = attributes.indexPath;
    return attributes.kind
        ? `${attributes.category}/${attributes.kind}/${section}/${item}`
        : `${attributes.category}/${section}/${item}`;
}

/**
 * Positions an absolutely positioned element from its attributes: frame, transform, alpha, zIndex, hidden.
 * @param {HTMLElement} element
 * @param {Attributes} attributes
 */
export function applyAttributes(element, attributes) {
    const style = element.style;
    style.position = 'absolute';
    style.left = `${attributes.frame.x}px`;
    style.top = `${attributes.frame.y}px`;
    style.width = `${attributes.frame.width}px`;
    style.height = `${attributes.frame.height}px`;
    style.transform = cssTransform(attributes);
    style.opacity = String(attributes.alpha);
    style.zIndex = String(attributes.zIndex);
    style.display = attributes.hidden ? 'none' : '';
}
