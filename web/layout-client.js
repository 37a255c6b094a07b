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
     * @param {{baseURL?: string, token?: string}} [options] `baseURL` defaults to the page's own origin ('');
     *   `token` is sent as `Authorization: Bearer <token>` when set.
     */
    constructor({ baseURL = '', token } = {}) {
        this.baseURL = baseURL.replace(/\/$/, '');
        this.token = token || undefined;
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
        const response = await fetch(this.baseURL + path, {
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
     * `GET /sessions/{id}/supplementary/{kind}/{section}/{item}`: one header, footer or background.
     * @param {string} id @param {string} kind @param {number} section @param {number} item
     * @returns {Promise<Attributes>}
     */
    supplementary(id, kind, section, item) {
        return this.request('GET', `/sessions/${id}/supplementary/${encodeURIComponent(kind)}/${section}/${item}`);
    }

    /**
     * `POST /sessions/{id}/snap`: where scrolling should rest.
     * @param {string} id
     * @param {{proposedContentOffset: Point, velocity?: Point}} body
     * @returns {Promise<{contentOffset: Point}>}
     */
    snap(id, body) {
        return this.request('POST', `/sessions/${id}/snap`, body);
    }

    /**
     * `POST /sessions/{id}/invalidate`: self-sizing items, bounds changes.
     * @param {string} id
     * @param {{items?: {indexPath: IndexPath, size: Size}[], viewport?: Size, everything?: boolean,
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
