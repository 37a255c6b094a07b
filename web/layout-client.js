// layoutd's JavaScript client: one method per route, no dependencies. Served by layoutd at /layout-client.js.
//
//   import { LayoutClient, applyAttributes } from '/layout-client.js';
//   const client = new LayoutClient({ baseURL: 'http://127.0.0.1:8080', token: 'optional' });
//   const viewport = { width: 375, height: 667 };
//   const answer = await client.layout('waterfall', { viewport, sections: [{ count: 20 }] });

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
 * @typedef {{kind: string, layouts: {viewport: Size, contentSize: Size, widowCount?: number,
 *   attributes: Attributes[]}[]}} BreakpointsAnswer
 * @typedef {{
 *   viewport?: Size,
 *   viewports?: Size[],
 *   sections: object[],
 *   contentOffset?: Point,
 *   layoutDirection?: 'leftToRight' | 'rightToLeft',
 *   config?: object,
 *   rect?: Rect
 * }} LayoutRequest
 * @typedef {LayoutRequest & {kind: string}} SessionRequest
 * @typedef {{id: string, kind: string, version: number, contentSize: Size, sections: number[]}} SessionSummary
 * @typedef {{version: number, contentSize: Size, attributes: Attributes[]}} QueryAnswer
 * @typedef {{signal?: AbortSignal}} CallOptions
 * @typedef {{ifMatch?: number | readonly number[] | '*', idempotencyKey?: string, signal?: AbortSignal}}
 *   MutationOptions
 * @typedef {'top' | 'centeredVertically' | 'bottom' | 'left' | 'centeredHorizontally' | 'right' | 'nearest'}
 *   ScrollPosition
 * @typedef {{indexPath: IndexPath, kind?: string, position: ScrollPosition | ScrollPosition[],
 *   contentInset?: {top: number, left: number, bottom: number, right: number}, contentOffset?: Point,
 *   orthogonalOffsets?: number[]}} ScrollToRequest
 * @typedef {{contentOffset: Point, orthogonalOffset?: number}} ScrollToAnswer
 */

/**
 * A problem+json answer (RFC 9457), thrown by every method of {@link LayoutClient} on a 4xx or 5xx; a request that
 * never got an answer (connection refused, reset, DNS, CORS) is one too, with status 0 and type `/problems/network`.
 * A call cancelled through its `signal` rejects with the signal's reason (an `AbortError` DOMException) instead.
 */
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

/**
 * The {@link LayoutError} for a request that got no answer.
 * @param {string} method @param {string} path @param {unknown} error what fetch threw
 * @returns {LayoutError}
 */
function networkError(method, path, error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    const reason = /** @type {any} */ (cause).cause?.code || cause.message;
    const problem = {
        type: '/problems/network',
        title: 'Network failure',
        status: 0,
        detail: `${method} ${path} got no answer: ${reason}`,
    };
    const layoutError = new LayoutError(0, problem);
    /** @type {any} */ (layoutError).cause = cause;
    return layoutError;
}

/**
 * The `If-Match` value for the session versions a mutation accepts: strong entity tags only (`"3"`, `"2", "3"`),
 * since layoutd compares strongly and a weak tag (`W/"3"`) would match nothing; `*` for any version.
 * @param {number | string | readonly (number | string)[]} ifMatch a version, a list of versions, or `*`
 * @returns {string}
 * @throws {TypeError} for anything but versions (non-negative integers) and `*`: nothing is sent
 */
export function ifMatchHeader(ifMatch) {
    if (ifMatch === '*') return '*';
    const versions = Array.isArray(ifMatch) ? ifMatch : [ifMatch];
    const tags = versions.map((version) => {
        const text = String(version);
        if (!/^[0-9]+$/.test(text)) throw new TypeError(`ifMatch takes session versions or '*', not ${text}`);
        return `"${text}"`;
    });
    if (!tags.length) throw new TypeError('ifMatch takes at least one version');
    return tags.join(', ');
}

/**
 * The `Idempotency-Key` value of a mutation: 1 to 255 visible ASCII characters but `"` (a uuid, say). With a session
 * store, a mutation sent again with the same key (a retry after a lost answer) is answered as its first try was
 * instead of being applied twice. Anything else is a TypeError before a request is sent.
 * @param {string} key
 * @returns {string}
 */
export function idempotencyKeyHeader(key) {
    if (typeof key !== 'string' || !/^[!#-~]{1,255}$/.test(key)) {
        const shown = JSON.stringify(key);
        throw new TypeError(`idempotencyKey takes 1 to 255 visible ASCII characters but '"', not ${shown}`);
    }
    return key;
}

/** A client for one layoutd server. */
export class LayoutClient {
    /**
     * @param {{baseURL?: string, token?: string, fetch?: typeof fetch}} [options] `baseURL` defaults to the page's
     *   own origin (''); `token` is sent as `Authorization: Bearer <token>` when set; `fetch` replaces the global
     *   one (a script may count requests or bring its own connection pool).
     */
    constructor(options = {}) {
        const { baseURL = '', token, fetch: fetchFunction } = options;
        this.baseURL = baseURL.replace(/\/$/, '');
        this.token = token || undefined;
        /** @type {typeof fetch} */
        this.fetch = fetchFunction || ((input, init) => globalThis.fetch(input, init));
        /** @type {number} requests sent */
        this.requests = 0;
        /** @type {number} answer bytes received (the JSON text's length) */
        this.bytesReceived = 0;
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
        if (options.ifMatch !== undefined) headers['If-Match'] = ifMatchHeader(options.ifMatch);
        if (options.idempotencyKey !== undefined) {
            headers['Idempotency-Key'] = idempotencyKeyHeader(options.idempotencyKey);
        }
        const signal = options.signal;
        signal?.throwIfAborted();
        this.requests += 1;
        let response;
        let text;
        try {
            response = await this.fetch(this.baseURL + path, {
                method,
                headers,
                body: body === undefined ? undefined : JSON.stringify(body),
                signal,
            });
            text = response.status === 204 ? '' : await response.text();
        } catch (error) {
            if (signal?.aborted) throw signal.reason;
            throw networkError(method, path, error);
        }
        this.bytesReceived += text.length;
        if (response.status === 204) return null;
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
     * `POST /layout/{kind}`: a stateless layout; with `viewports` (at most 16) instead of `viewport`, one layout per
     * size in one request (breakpoints), answered as `{kind, layouts: [{viewport, contentSize, attributes}, …]}`.
     * @param {string} kind flow, waterfall, line, stack, circle, …
     * @param {LayoutRequest} request
     * @param {CallOptions} [options]
     * @returns {Promise<any>} a LayoutAnswer, or a BreakpointsAnswer for `viewports`
     */
    layout(kind, request, options) {
        return this.request('POST', `/layout/${encodeURIComponent(kind)}`, request, options);
    }

    /**
     * `GET /kinds`: every kind and its parameters.
     * @param {CallOptions} [options]
     * @returns {Promise<{kinds: object[]}>}
     */
    kinds(options) {
        return this.request('GET', '/kinds', undefined, options);
    }

    /**
     * `POST /sessions`: prepares a layout and keeps it.
     * @param {SessionRequest} request a layout request plus `kind`
     * @param {CallOptions} [options]
     * @returns {Promise<SessionSummary>}
     */
    createSession(request, options) {
        return this.request('POST', '/sessions', request, options);
    }

    /**
     * `GET /sessions/{id}`.
     * @param {string} id
     * @param {CallOptions} [options]
     * @returns {Promise<SessionSummary>}
     */
    getSession(id, options) {
        return this.request('GET', `/sessions/${id}`, undefined, options);
    }

    /**
     * `DELETE /sessions/{id}`.
     * @param {string} id
     * @param {CallOptions} [options]
     * @returns {Promise<null>}
     */
    deleteSession(id, options) {
        return this.request('DELETE', `/sessions/${id}`, undefined, options);
    }

    /**
     * `POST /sessions/{id}/query`: the elements in a rect.
     * @param {string} id
     * @param {{rect: Rect, contentOffset?: Point, orthogonalOffsets?: number[]}} body
     * @param {CallOptions} [options]
     * @returns {Promise<QueryAnswer>}
     */
    query(id, body, options) {
        return this.request('POST', `/sessions/${id}/query`, body, options);
    }

    /**
     * `GET /sessions/{id}/items/{section}/{item}`: one cell.
     * @param {string} id @param {number} section @param {number} item @param {CallOptions} [options]
     * @returns {Promise<Attributes>}
     */
    item(id, section, item, options) {
        return this.request('GET', `/sessions/${id}/items/${section}/${item}`, undefined, options);
    }

    /**
     * `GET /sessions/{id}/supplementary/{kind}/{section}/{item}`: one header, footer, background or
     * compositional side item (`leadingSupplementary`, `trailingSupplementary`, `topSupplementary`,
     * `bottomSupplementary`).
     * @param {string} id @param {string} kind @param {number} section @param {number} item
     * @param {CallOptions} [options]
     * @returns {Promise<Attributes>}
     */
    supplementary(id, kind, section, item, options) {
        const path = `/sessions/${id}/supplementary/${encodeURIComponent(kind)}/${section}/${item}`;
        return this.request('GET', path, undefined, options);
    }

    /**
     * `POST /sessions/{id}/snap`: where scrolling should rest (compositional: `section` snaps that orthogonal
     * section, `startOffset` its offset when the gesture began, so that paging moves one page or group at most).
     * @param {string} id
     * @param {{proposedContentOffset: Point, velocity?: Point, section?: number, startOffset?: number}} body
     * @param {CallOptions} [options]
     * @returns {Promise<{contentOffset: Point}>}
     */
    snap(id, body, options) {
        return this.request('POST', `/sessions/${id}/snap`, body, options);
    }

    /**
     * `POST /sessions/{id}/scroll-to`: the content offset that shows an element at a UIKit scroll position
     * (`scrollToItem(at:at:animated:)`), clamped to the content and `contentInset`.
     * @param {string} id
     * @param {ScrollToRequest} body
     * @param {CallOptions} [options]
     * @returns {Promise<ScrollToAnswer>}
     */
    scrollTo(id, body, options) {
        return this.request('POST', `/sessions/${id}/scroll-to`, body, options);
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
     * @param {CallOptions} [options]
     * @returns {Promise<{version: number, item: Attributes, targetIndexPath: IndexPath, attributes?: Attributes[]}>}
     */
    move(id, body, options) {
        return this.request('POST', `/sessions/${id}/move`, body, options);
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
        /** @type {boolean} whether close() was called (a closed session is not created again) */
        this.closed = false;
    }

    /**
     * Creates a session and returns its handle.
     * @param {LayoutClient} client @param {SessionRequest} request @param {CallOptions} [options]
     * @returns {Promise<LayoutSession>}
     */
    static async open(client, request, options) {
        const session = new LayoutSession(client, request);
        await session.create(options);
        return session;
    }

    /**
     * Creates the session from the kept request and replays the kept mutations.
     * @param {CallOptions} [options] @returns {Promise<void>}
     */
    async create(options) {
        const summary = await this.client.createSession(this.request, options);
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
                const gone = error instanceof LayoutError && error.type === '/problems/session-gone';
                if (attempt > 0 || !gone || this.closed) throw error;
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

    /**
     * `query`: the elements in a rect.
     * @param {{rect: Rect, contentOffset?: Point, orthogonalOffsets?: number[]}} body @param {CallOptions} [options]
     * @returns {Promise<QueryAnswer>}
     */
    query(body, options) { return this.call('query', [body, options]); }

    /**
     * `snap`.
     * @param {{proposedContentOffset: Point, velocity?: Point, section?: number, startOffset?: number}} body
     * @param {CallOptions} [options]
     * @returns {Promise<{contentOffset: Point}>}
     */
    snap(body, options) { return this.call('snap', [body, options]); }

    /**
     * `scroll-to`: the content offset that shows an element at a UIKit scroll position.
     * @param {ScrollToRequest} body
     * @param {CallOptions} [options]
     * @returns {Promise<ScrollToAnswer>}
     */
    scrollTo(body, options) { return this.call('scrollTo', [body, options]); }

    /**
     * `invalidate`; kept for replay.
     * @param {object} body
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     */
    invalidate(body, options) { return this.call('invalidate', [body, options], true); }

    /**
     * `updates`; kept for replay.
     * @param {object} body
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     */
    update(body, options) { return this.call('update', [body, options], true); }

    /**
     * `transition`; kept for replay when it commits.
     * @param {{to: {kind: string, config?: object}, progress: number, rect?: Rect, contentOffset?: Point,
     *   commit?: boolean}} body
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     */
    transition(body, options) { return this.call('transition', [body, options], body.commit === true); }

    /**
     * `move` while dragging.
     * @param {object} body
     * @param {CallOptions} [options]
     * @returns {Promise<any>}
     */
    move(body, options) { return this.call('move', [body, options]); }

    /**
     * `move/end`; kept for replay.
     * @param {object} body
     * @param {MutationOptions} [options]
     * @returns {Promise<any>}
     */
    endMove(body, options) { return this.call('endMove', [body, options], true); }

    /**
     * One cell.
     * @param {number} section
     * @param {number} item
     * @param {CallOptions} [options]
     * @returns {Promise<Attributes>}
     */
    item(section, item, options) { return this.call('item', [section, item, options]); }

    /**
     * One header, footer, background or compositional side item (`leadingSupplementary`, …).
     * @param {string} kind @param {number} section @param {number} item @param {CallOptions} [options]
     * @returns {Promise<Attributes>}
     */
    supplementary(kind, section, item, options) {
        return this.call('supplementary', [kind, section, item, options]);
    }

    /**
     * The summary.
     * @param {CallOptions} [options]
     * @returns {Promise<SessionSummary>}
     */
    get(options) { return this.call('getSession', [options]); }

    /**
     * Deletes the session on the server; a gone one counts as deleted.
     * @param {CallOptions} [options] @returns {Promise<void>}
     */
    async close(options) {
        // Closed on purpose: a call still on its way must not bring it back.
        this.closed = true;
        try {
            await this.client.deleteSession(/** @type {string} */ (this.id), options);
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

// ---------------------------------------------------------------------------------------------------------------
// mountLayout: a session bound to a scrolling element.
// ---------------------------------------------------------------------------------------------------------------

/** Kinds whose attributes follow the content offset (scaled, stacked, turned or pinned as the view scrolls). */
const SCROLL_DEPENDENT_KINDS = new Set(['line', 'cover', 'rotary', 'pagecover', 'stack', 'circle']);
/** Kinds that always come to rest where the session's snap says. */
const SNAPPING_KINDS = new Set(['line', 'cover', 'rotary', 'pagecover']);

/**
 * Whether a kind's attributes depend on the content offset, so that a window fetched at one offset is stale at
 * another: the card and strip kinds, and any config that pins headers or footers.
 * @param {string} kind @param {any} [config] @param {any[]} [sections]
 * @returns {boolean}
 */
export function isScrollDependent(kind, config, sections) {
    if (SCROLL_DEPENDENT_KINDS.has(kind)) return true;
    if (!config && !sections) return false;
    if (config && (config.sectionHeadersPinToVisibleBounds || config.sectionFootersPinToVisibleBounds)) return true;
    const pins = (/** @type {any} */ description) =>
        !!description && Array.isArray(description.boundarySupplementaryItems) &&
        description.boundarySupplementaryItems.some((/** @type {any} */ item) => item.pinToVisibleBounds);
    if (kind === 'compositional') {
        if (pins(config?.section)) return true;
        return (sections || []).some((section) => pins(section?.config?.section));
    }
    return false;
}

/**
 * Whether the view asks the session where to rest when scrolling ends.
 * @param {string} kind @param {any} [config] @returns {boolean}
 */
export function snapsAtScrollEnd(kind, config) {
    if (SNAPPING_KINDS.has(kind)) return true;
    return !!config && typeof config.snap === 'string' && config.snap !== 'none';
}

/**
 * @param {Rect} a
 * @param {Rect} b
 * @returns {boolean} the server's test: open interiors overlap
 */
function intersects(a, b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * @param {Rect} outer
 * @param {Rect} inner
 * @returns {boolean}
 */
function contains(outer, inner) {
    return outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width &&
        outer.y + outer.height >= inner.y + inner.height;
}

/**
 * The rect grown by distances on each side, then limited to the content (a side that is already outside stays).
 * @param {Rect} rect @param {{left: number, top: number, right: number, bottom: number}} by @param {Size} content
 * @returns {Rect}
 */
function grow(rect, by, content) {
    const x0 = Math.max(Math.min(rect.x, 0), rect.x - by.left);
    const y0 = Math.max(Math.min(rect.y, 0), rect.y - by.top);
    const x1 = Math.min(Math.max(rect.x + rect.width, content.width), rect.x + rect.width + by.right);
    const y1 = Math.min(Math.max(rect.y + rect.height, content.height), rect.y + rect.height + by.bottom);
    return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * @param {Point} a
 * @param {Point} b
 * @returns {boolean}
 */
function samePoint(a, b) {
    return Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01;
}

/**
 * @param {number[]} a
 * @param {number[]} b
 * @returns {boolean}
 */
function sameOffsets(a, b) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i += 1) if ((a[i] || 0) !== (b[i] || 0)) return false;
    return true;
}

/**
 * @param {unknown} error
 * @returns {boolean}
 */
function isAbort(error) {
    return !!error && typeof error === 'object' && /** @type {any} */ (error).name === 'AbortError';
}

/**
 * UIKit's rule for one level (sections, or the items of one section): what stays keeps its order and fills the
 * places that inserts and move targets leave free.
 * @param {number[]} gone old indexes deleted or moved away
 * @param {number[]} fixed new indexes taken by inserts and move targets
 * @returns {(index: number) => number} the new index of an old index that stays
 */
function survivorMapping(gone, fixed) {
    const removed = [...gone].sort((x, y) => x - y);
    const taken = [...fixed].sort((x, y) => x - y);
    return (index) => {
        let position = index;
        for (const g of removed) if (g < index) position -= 1;
        for (const f of taken) if (f <= position) position += 1;
        return position;
    };
}

/**
 * How many items a section of a request holds: its `count`, or its list of `items`.
 * @param {any} section
 */
function sectionItemCount(section) {
    return section?.count ?? section?.items?.length ?? 0;
}

/**
 * Where a section that survives a batch update goes (`deleteSections`, `insertSections`, `moveSections`).
 * @param {any} batch the updates body
 * @returns {(section: number) => number | null} null for a deleted section
 */
export function sectionMapping(batch) {
    const deleted = new Set(batch.deleteSections || []);
    /** @type {Map<number, number>} */
    const moves = new Map((batch.moveSections || []).map((/** @type {[number, number]} */ [from, to]) => [from, to]));
    const inserted = (batch.insertSections || []).map((/** @type {any} */ x) => x.index);
    const staying = survivorMapping([...deleted, ...moves.keys()], [...inserted, ...moves.values()]);
    return (section) => {
        if (deleted.has(section)) return null;
        return moves.get(section) ?? staying(section);
    };
}

/**
 * Where an item that survives a batch update goes: UIKit's rule, the sections as {@link sectionMapping} moves
 * them, and in each the items that stay keep their order and fill the places that inserts and move targets leave
 * free. Deletions and move sources name items before the batch, inserts and move targets after it.
 * @param {any} batch the updates body
 * @returns {(indexPath: IndexPath) => IndexPath | null} null for a deleted or moved-away item
 */
export function indexPathMapping(batch) {
    const sectionOf = sectionMapping(batch);
    /** @type {Map<number, number[]>} old section → items deleted or moved away */
    const gone = new Map();
    /** @type {Map<number, number[]>} new section → items inserted or moved in */
    const fixed = new Map();
    /** @type {Map<string, IndexPath>} */
    const moves = new Map();
    const add = (/** @type {Map<number, number[]>} */ map, /** @type {number} */ s, /** @type {number} */ i) => {
        const list = map.get(s);
        if (list) list.push(i); else map.set(s, [i]);
    };
    for (const [s, i] of batch.deleteItems || []) add(gone, s, i);
    for (const { indexPath: [s, i] } of batch.insertItems || []) add(fixed, s, i);
    for (const { from, to } of batch.moveItems || []) {
        add(gone, from[0], from[1]);
        add(fixed, to[0], to[1]);
        moves.set(`${from[0]}/${from[1]}`, to);
    }
    return ([s, i]) => {
        const moved = moves.get(`${s}/${i}`);
        if (moved) return moved;
        const section = sectionOf(s);
        if (section === null || (gone.get(s) || []).includes(i)) return null;
        return [section, survivorMapping(gone.get(s) || [], fixed.get(section) || [])(i)];
    };
}

/**
 * The key of an element after an index path mapping, or null.
 * @param {string} key
 * @param {Function} map
 */
function remapKey(key, map) {
    const parts = key.split('/');
    const item = Number(parts[parts.length - 1]);
    const section = Number(parts[parts.length - 2]);
    const to = map([section, item]);
    if (!to) return null;
    parts[parts.length - 2] = String(to[0]);
    parts[parts.length - 1] = String(to[1]);
    return parts.join('/');
}

/**
 * The CSS properties an animation moves between, for the Web Animations API.
 * @param {Attributes} a
 */
function keyframe(a) {
    return {
        left: `${a.frame.x}px`, top: `${a.frame.y}px`, width: `${a.frame.width}px`, height: `${a.frame.height}px`,
        transform: cssTransform(a), opacity: String(a.hidden ? 0 : a.alpha),
    };
}

/**
 * Whether two answers place an element identically (a newer window repeats what an older one said).
 * @param {Attributes} a
 * @param {Attributes} b
 * @returns {boolean}
 */
function sameAttributes(a, b) {
    const f = a.frame;
    const g = b.frame;
    if (f.x !== g.x || f.y !== g.y || f.width !== g.width || f.height !== g.height) return false;
    if (a.alpha !== b.alpha || a.zIndex !== b.zIndex || a.hidden !== b.hidden) return false;
    if (!a.transform !== !b.transform || !a.transform3D !== !b.transform3D) return false;
    return cssTransform(a) === cssTransform(b);
}

/**
 * @param {HTMLElement} element
 * @returns {Attributes | null} the attributes last applied, kept on the element
 */
function appliedAttributes(element) {
    return /** @type {any} */ (element).__layoutAttributes || null;
}

/**
 * A session bound to a scrolling element; made by {@link mountLayout}. Every frame is drawn from attributes the
 * view already holds: a window around the viewport, fetched ahead in the scroll direction before it is needed.
 */
export class LayoutView {
    /**
     * @param {HTMLElement} container the scroll element
     * @param {any} options see {@link mountLayout}
     */
    constructor(container, options) {
        this.container = container;
        this.options = options;
        this.client = options.client || new LayoutClient({ baseURL: options.baseURL, token: options.token });
        this.kind = options.kind;
        /** @type {any} */
        this.request = options.request || {};
        this.overscan = Math.max(1, options.overscan ?? 1.5);
        this.renderMargin = options.renderMargin ?? 96;
        this.animationDuration = options.animationDuration ?? 300;
        this.scrollDependent = options.scrollDependent ??
            isScrollDependent(this.kind, this.request.config, this.request.sections);
        this.snaps = options.snap ?? snapsAtScrollEnd(this.kind, this.request.config);
        const ownContent = options.content || container.querySelector(':scope > .layout-content');
        /** @type {HTMLElement} the sized inner element that carries contentSize */
        this.content = ownContent || document.createElement('div');
        this.ownsContent = !ownContent;
        if (!ownContent) {
            this.content.className = 'layout-content';
            container.appendChild(this.content);
        }
        this.content.style.position = 'relative';
        if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
        /** @type {LayoutSession | null} */
        this.session = null;
        /** @type {Size} */
        this.contentSize = { width: 0, height: 0 };
        /** @type {Size} the viewport the session was last told */
        this.viewport = { width: 0, height: 0 };
        /** @type {number[]} compositional orthogonal sections' own offsets */
        this.orthogonalOffsets = [];
        /**
         * The held windows, newest first.
         * @type {{rect: Rect, offset: Point, orthogonal: number[], version: number, attributes: Attributes[]}[]}
         */
        this.windows = [];
        /** @type {Map<string, HTMLElement>} the rendered elements by key */
        this.elements = new Map();
        /** @type {Attributes[]} the attributes on screen, in the layout's order */
        this.attributes = [];
        /** @type {Rect} the rect the DOM shows (the viewport and a margin) */
        this.renderedRect = { x: 0, y: 0, width: 0, height: 0 };
        /** @type {Point} the content offset the shown attributes were computed for */
        this.renderedOffset = { x: 0, y: 0 };
        /**
         * The query on its way.
         * @type {{controller: AbortController, rect: Rect, offset: Point, orthogonal: number[], version: number}
         *   | null}
         */
        this.inFlight = null;
        this.busy = 0;
        this.animations = 0;
        this.destroyed = false;
        this.latency = 30;
        /** @type {Size | null} the container's client size, from its ResizeObserver */
        this.clientSize = null;
        this.velocity = { x: 0, y: 0 };
        /** @type {number} the smoothed time between scroll samples, in milliseconds */
        this.frameInterval = 16.7;
        /** @type {boolean} whether the position has not moved for 150 ms (the next move starts a scroll) */
        this.resting = true;
        /** @type {{x: number, y: number, t: number}[]} recent scroll positions, for the speed */
        this.samples = [];
        this.lastScroll = { x: container.scrollLeft, y: container.scrollTop, t: performance.now() };
        this.stats = { queries: 0, aborted: 0, frames: 0 };
        /** @type {Map<HTMLElement, Size>} measured cells waiting to be sent */
        this.measured = new Map();
        this.snapTimer = 0;
        /** @type {Point} the velocity the pending snap passes */
        this.snapVelocity = { x: 0, y: 0 };
        this.frameRequested = false;
        this.abort = new AbortController();
        this.onScroll = () => this.scrolled();
        container.addEventListener('scroll', this.onScroll, { passive: true });
        // No snapping while a finger or the mouse holds the content (a drag that pauses is not a scroll that ended);
        // releasing it is the end of the gesture.
        this.pointerDown = false;
        this.onPointerDown = () => { this.pointerDown = true; };
        this.onPointerUp = () => {
            if (!this.pointerDown) return;
            this.pointerDown = false;
            if (this.snaps && performance.now() - this.lastScroll.t < 1000) {
                this.scheduleSnap({ x: this.velocity.x * 1000, y: this.velocity.y * 1000 });
            }
        };
        container.addEventListener('pointerdown', this.onPointerDown);
        window.addEventListener('pointerup', this.onPointerUp);
        window.addEventListener('pointercancel', this.onPointerUp);
        this.resizeObserver = new ResizeObserver(() => this.containerResized());
        /** A 0×0 node whose size changes every frame while scrolling, for drawing just before paint. */
        this.probe = document.createElement('div');
        this.probe.style.cssText = 'position: absolute; left: 0; top: 0; width: 0; height: 0; visibility: hidden';
        this.probeToggle = false;
        this.content.appendChild(this.probe);
        this.frameObserver = new ResizeObserver(() => {
            if (this.destroyed) return;
            if (this.container.scrollLeft !== this.lastScroll.x || this.container.scrollTop !== this.lastScroll.y) {
                this.scrolled();
            }
        });
        this.frameObserver.observe(this.probe);
        this.cellObserver = options.measure ? new ResizeObserver((entries) => this.cellsResized(entries)) : null;
        /** @type {Promise<LayoutView>} resolves once the first frame is drawn */
        this.ready = this.start();
    }

    /**
     * Creates the session at the container's size and draws the first frame.
     * @returns {Promise<LayoutView>}
     */
    async start() {
        this.busy += 1;
        try {
            const viewport = { width: this.container.clientWidth, height: this.container.clientHeight };
            const request = { ...this.request, kind: this.kind, viewport: this.request.viewport || viewport };
            this.viewport = request.viewport;
            this.session = await LayoutSession.open(this.client, request, { signal: this.abort.signal });
            this.adoptSummary(/** @type {SessionSummary} */ (this.session.summary));
            this.resizeObserver.observe(this.container);
            await this.fetchWindow(this.wantedWindow(this.visibleRect()));
            this.draw();
        } catch (error) {
            this.fail(error);
            if (!this.options.onError && !isAbort(error)) throw error;
        } finally {
            this.busy -= 1;
        }
        return this;
    }

    /**
     * The signal for a call the view makes: the caller's, and the view's own, which `destroy` aborts.
     * @param {AbortSignal} [signal]
     * @returns {AbortSignal}
     */
    signal(signal) {
        if (!signal) return this.abort.signal;
        const any = /** @type {any} */ (AbortSignal).any;
        return typeof any === 'function' ? any([signal, this.abort.signal]) : signal;
    }

    /** @param {SessionSummary} summary */
    adoptSummary(summary) {
        this.setContentSize(summary.contentSize);
        this.sectionCounts = summary.sections.slice();
    }

    /** @param {unknown} error */
    fail(error) {
        if (isAbort(error) || this.destroyed) return;
        if (this.options.onError) this.options.onError(error);
        else console.error(error);
    }

    /**
     * The session's id (it changes when a lost session is created again).
     * @returns {string | null}
     */
    get sessionId() { return this.session ? this.session.id : null; }

    /**
     * The session's version.
     * @returns {number}
     */
    get version() { return this.session ? this.session.version : 0; }

    /** @param {Size} size */
    setContentSize(size) {
        this.contentSize = { width: size.width, height: size.height };
        this.content.style.width = `${size.width}px`;
        this.content.style.height = `${size.height}px`;
    }

    /**
     * The rect the container shows, in content coordinates.
     * @returns {Rect}
     */
    visibleRect() {
        const c = this.container;
        // The client size is kept from the container's ResizeObserver: reading it after the DOM changed would
        // force a layout.
        if (!this.clientSize) this.clientSize = { width: c.clientWidth, height: c.clientHeight };
        return { x: c.scrollLeft, y: c.scrollTop, width: this.clientSize.width, height: this.clientSize.height };
    }

    /**
     * The offset queries are made at: the scroll position for scroll-dependent kinds, else the origin.
     * @returns {Point}
     */
    poseOffset() {
        return this.scrollDependent ? { x: this.container.scrollLeft, y: this.container.scrollTop } : { x: 0, y: 0 };
    }

    /**
     * How far ahead, in milliseconds, the view must hold attributes: two round trips (as measured, so a busy page
     * or a slow network looks further ahead) and a frame or two, between 250 ms (a round trip that is suddenly ten
     * times the usual one, on a busy machine, still lands in time) and 1.5 s.
     * @returns {number}
     */
    horizon() {
        return Math.min(1500, Math.max(250, this.latency * 2 + 50));
    }

    /**
     * The window to fetch around a visible rect: `overscan` viewports on every side, and as far again ahead as the
     * current speed covers in two horizons (at most eight viewports), so that the next query is due about a horizon
     * before the window runs out.
     * @param {Rect} visible @returns {Rect}
     */
    wantedWindow(visible) {
        const ox = visible.width * this.overscan;
        const oy = visible.height * this.overscan;
        const ahead = this.horizon() * 2;
        const leadX = Math.min(visible.width * 8, Math.abs(this.velocity.x) * ahead);
        const leadY = Math.min(visible.height * 8, Math.abs(this.velocity.y) * ahead);
        return grow(visible, {
            left: ox + (this.velocity.x < 0 ? leadX : 0), right: ox + (this.velocity.x > 0 ? leadX : 0),
            top: oy + (this.velocity.y < 0 ? leadY : 0), bottom: oy + (this.velocity.y > 0 ? leadY : 0),
        }, this.contentSize);
    }

    /**
     * The rect that must be held already for the next frames to be complete: the rendered rect and what the speed
     * covers in a horizon (the time the next window takes to arrive).
     * @param {Rect} rendered @returns {Rect}
     */
    neededRect(rendered) {
        const ahead = this.horizon();
        const dx = Math.abs(this.velocity.x) * ahead;
        const dy = Math.abs(this.velocity.y) * ahead;
        return grow(rendered, {
            left: this.velocity.x < 0 ? dx : 0, right: this.velocity.x > 0 ? dx : 0,
            top: this.velocity.y < 0 ? dy : 0, bottom: this.velocity.y > 0 ? dy : 0,
        }, this.contentSize);
    }

    /**
     * The rect the DOM shows: the viewport, a margin, and two and a half frames of travel ahead (at least 60 ms),
     * so that a frame drawn before the scroll event of a slow frame arrives still covers the viewport.
     * @param {Rect} [visible] the visible rect, if already read
     * @returns {Rect}
     */
    renderRect(visible = this.visibleRect()) {
        const m = this.renderMargin;
        const ahead = Math.max(60, this.frameInterval * 2.5);
        const dx = Math.abs(this.velocity.x) * ahead;
        const dy = Math.abs(this.velocity.y) * ahead;
        return grow(visible, {
            left: m + (this.velocity.x < 0 ? dx : 0), right: m + (this.velocity.x > 0 ? dx : 0),
            top: m + (this.velocity.y < 0 ? dy : 0), bottom: m + (this.velocity.y > 0 ? dy : 0),
        }, this.contentSize);
    }

    /**
     * Whether the held windows (at the current version and pose) cover a rect.
     * @param {Rect} rect
     */
    covers(rect) {
        const version = this.version;
        const offset = this.poseOffset();
        for (const w of this.windows) {
            if (w.version !== version || !samePoint(w.offset, offset)) continue;
            if (!sameOffsets(w.orthogonal, this.orthogonalOffsets)) continue;
            if (contains(w.rect, rect)) return true;
        }
        return false;
    }

    /** A scroll sample: the speed from the positions of the last 150 ms, then a frame. */
    scrolled() {
        const now = performance.now();
        const x = this.container.scrollLeft;
        const y = this.container.scrollTop;
        if (x === this.lastScroll.x && y === this.lastScroll.y) {
            // A scroll event for a position a frame callback already saw.
            this.draw();
            return;
        }
        const size = this.visibleRect();
        const jump = Math.abs(x - this.lastScroll.x) > size.width * 2 ||
            Math.abs(y - this.lastScroll.y) > size.height * 2;
        // The first move after a rest starts a scroll and a jump (scrollTo, a scrollbar click far away) starts
        // another: their speed is not known yet (a scrollTo after a pause is not a flick).
        if (this.resting || jump) this.samples = [];
        else this.frameInterval = this.frameInterval * 0.8 + Math.min(150, now - this.lastScroll.t) * 0.2;
        this.resting = false;
        const samples = this.samples;
        samples.push({ x, y, t: now });
        // Scroll events and frame callbacks sample at different moments of a frame: a speed over two samples a
        // millisecond apart would be wild, so it is taken over the samples of the last 150 ms (30 ms at least).
        while (samples.length > 2 && now - samples[1].t >= 150) samples.shift();
        const first = samples[0];
        const span = now - first.t;
        if (span >= 30) this.velocity = { x: (x - first.x) / span, y: (y - first.y) / span };
        else if (samples.length === 1) this.velocity = { x: 0, y: 0 };
        this.lastScroll = { x, y, t: now };
        this.draw();
        this.requestFrame();
        if (this.snaps) this.scheduleSnap();
    }

    /**
     * Keeps drawing once a frame while the scroll position moves, so a frame never waits for a scroll event: each
     * frame callback resizes a probe, and the probe's ResizeObserver callback, which runs after every frame callback
     * of the page and after layout but before paint, draws at the position the frame will show (a page that scrolls
     * from its own requestAnimationFrame callbacks, an animation library, is drawn in the same frame).
     */
    requestFrame() {
        if (this.frameRequested || this.destroyed) return;
        this.frameRequested = true;
        requestAnimationFrame(() => {
            this.frameRequested = false;
            if (this.destroyed) return;
            this.probeToggle = !this.probeToggle;
            this.probe.style.width = this.probeToggle ? '1px' : '0px';
            const x = this.container.scrollLeft;
            const y = this.container.scrollTop;
            if (x !== this.lastScroll.x || y !== this.lastScroll.y) this.scrolled();
            else if (performance.now() - this.lastScroll.t < 150) this.requestFrame();
            else {
                this.resting = true;
                if (this.velocity.x !== 0 || this.velocity.y !== 0) {
                    this.velocity = { x: 0, y: 0 };
                    this.draw();
                }
            }
        });
    }

    /**
     * Draws a frame from the held windows, and asks for the next window when the held ones will not cover the
     * frames to come.
     */
    draw() {
        if (!this.session || this.destroyed) return;
        this.stats.frames += 1;
        // Read the position once, before the DOM changes: a read after would force a layout of the new nodes.
        const visible = this.visibleRect();
        const rect = this.renderRect(visible);
        this.renderFrom(rect);
        const needed = this.neededRect(rect);
        if (this.covers(needed) && this.poseIsCurrent()) return;
        const flight = this.inFlight;
        // A query on its way that will still cover the viewport lands first (its arrival asks again if need be);
        // one that will not (a jump, a new version) is superseded and aborted. Aborting a merely short one would
        // starve the view on a slow machine, each answer cancelled by the next frame's wish.
        if (flight && flight.version === this.version && contains(flight.rect, visible)) return;
        this.fetchWindow(this.wantedWindow(visible)).catch((error) => this.fail(error));
    }

    /**
     * Whether the newest window was computed at the current pose.
     * @returns {boolean}
     */
    poseIsCurrent() {
        const newest = this.windows[0];
        if (!newest || !samePoint(newest.offset, this.poseOffset())) return false;
        return sameOffsets(newest.orthogonal, this.orthogonalOffsets);
    }

    /**
     * Fetches the attributes in a rect at the current pose and keeps them as the newest window; a query still on its
     * way is aborted (only the latest matters).
     * @param {Rect} rect @returns {Promise<void>}
     */
    async fetchWindow(rect) {
        if (!this.session) return;
        if (this.inFlight) {
            this.inFlight.controller.abort();
            this.stats.aborted += 1;
        }
        const offset = this.poseOffset();
        const orthogonal = this.orthogonalOffsets.slice();
        const controller = new AbortController();
        const onAbort = () => controller.abort();
        this.abort.signal.addEventListener('abort', onAbort);
        const flight = { controller, rect, offset, orthogonal, version: this.version };
        this.inFlight = flight;
        this.stats.queries += 1;
        const started = performance.now();
        /** @type {any} */
        const body = { rect, contentOffset: offset };
        if (orthogonal.length) body.orthogonalOffsets = orthogonal;
        try {
            const answer = await this.session.query(body, { signal: controller.signal });
            this.latency = this.latency * 0.7 + (performance.now() - started) * 0.3;
            if (this.inFlight !== flight) return;
            this.inFlight = null;
            if (answer.version !== this.version) return;
            this.keepWindow({ rect, offset, orthogonal, version: answer.version, attributes: answer.attributes });
            const size = answer.contentSize;
            const old = this.contentSize;
            if (size.width !== old.width || size.height !== old.height) this.setContentSize(size);
            this.draw();
        } catch (error) {
            if (this.inFlight === flight) this.inFlight = null;
            if (isAbort(error)) return;
            throw error;
        } finally {
            this.abort.signal.removeEventListener('abort', onAbort);
        }
    }

    /**
     * Keeps a mutation's answer for a rect (at the current pose) as the newest window.
     * @param {Rect} rect
     * @param {{version: number, attributes: Attributes[]}} answer
     */
    keepAnswer(rect, answer) {
        const orthogonal = this.orthogonalOffsets.slice();
        const { version, attributes } = answer;
        this.keepWindow({ rect, offset: this.poseOffset(), orthogonal, version, attributes });
    }

    /** @param {{rect: Rect, offset: Point, orthogonal: number[], version: number, attributes: Attributes[]}} window */
    keepWindow(window) {
        this.windows.unshift(window);
        if (this.windows.length > 3) this.windows.length = 3;
    }

    /**
     * Shows exactly the held elements that intersect `rect`: the newest window's, then older windows' outside the
     * newer ones (same version only). Reuses the node of every key that stays.
     * @param {Rect} rect
     */
    renderFrom(rect) {
        const version = this.version;
        /** @type {Attributes[]} */
        const shown = [];
        const seen = new Set();
        /** @type {Rect[]} */
        const newer = [];
        for (const w of this.windows) {
            if (w.version !== version) continue;
            if (!intersects(w.rect, rect)) { newer.push(w.rect); continue; }
            for (const a of w.attributes) {
                if (!intersects(a.frame, rect)) continue;
                if (newer.length && newer.some((r) => contains(r, a.frame))) continue;
                const key = elementKey(a);
                if (seen.has(key)) continue;
                seen.add(key);
                shown.push(a);
            }
            newer.push(w.rect);
        }
        if (!this.windows.length || this.windows[0].version !== version) return;
        this.renderedRect = rect;
        this.renderedOffset = this.windows[0].offset;
        this.show(shown, seen);
    }

    /**
     * Puts exactly these attributes in the DOM.
     * @param {Attributes[]} shown @param {Set<string>} [keys] their keys
     * @param {{appearing?: Map<string, Attributes>}} [animate]
     */
    show(shown, keys, animate) {
        const seen = keys || new Set(shown.map(elementKey));
        for (const [key, element] of this.elements) {
            if (seen.has(key)) continue;
            this.elements.delete(key);
            this.cellObserver?.unobserve(element);
            element.remove();
        }
        const render = this.options.render;
        const createElement = this.options.createElement;
        for (const a of shown) {
            const key = elementKey(a);
            const kept = this.elements.get(key);
            if (!kept) {
                const element = createElement ? createElement(a) : document.createElement('div');
                element.dataset.key = key;
                this.elements.set(key, element);
                this.content.appendChild(element);
                if (render) render(element, a); else applyAttributes(element, a);
                this.place(element, a);
                this.cellObserver?.observe(element);
                const from = animate?.appearing?.get(key);
                if (from) this.animate(element, from, a);
                continue;
            }
            const applied = appliedAttributes(kept);
            if (applied === a) continue;
            // The same element from a newer window: nothing to restyle unless its attributes changed.
            if (applied && sameAttributes(applied, a)) { /** @type {any} */ (kept).__layoutAttributes = a; continue; }
            if (render) render(kept, a); else applyAttributes(kept, a);
            this.place(kept, a);
        }
        this.attributes = shown;
    }

    /**
     * Sets the frame (and the rest) after a render hook, which may style the node as it likes.
     * @param {HTMLElement} element
     * @param {Attributes} a
     */
    place(element, a) {
        if (this.options.render) applyAttributes(element, a);
        if (this.cellObserver && a.category === 'cell') {
            // A measured cell sizes itself along the scroll axis; the layout learns that length from the observer.
            if (this.measuresWidth()) element.style.width = ''; else element.style.height = '';
        }
        /** @type {any} */ (element).__layoutAttributes = a;
    }

    /**
     * Whether measuring is along x (a horizontal layout).
     * @returns {boolean}
     */
    measuresWidth() {
        const size = this.contentSize;
        return size.width > this.viewport.width + 0.5 && size.height <= this.viewport.height + 0.5;
    }

    /**
     * @param {HTMLElement} element
     * @param {Attributes} from
     * @param {Attributes} to
     * @returns {Promise<void>}
     */
    animate(element, from, to) {
        if (typeof element.animate !== 'function' || this.animationDuration <= 0) return Promise.resolve();
        this.animations += 1;
        const timing = { duration: this.animationDuration, easing: 'ease-in-out' };
        const animation = element.animate([keyframe(from), keyframe(to)], timing);
        return animation.finished.then(() => undefined, () => undefined).finally(() => { this.animations -= 1; });
    }

    // -- resizing and self-sizing ---------------------------------------------------------------------------

    containerResized() {
        const width = this.container.clientWidth;
        const height = this.container.clientHeight;
        this.clientSize = { width, height };
        if (width === 0 || height === 0) return;
        if (width === this.viewport.width && height === this.viewport.height) return;
        if (this.resizing) { this.resizeAgain = true; return; }
        this.resizing = true;
        this.busy += 1;
        const run = async () => {
            do {
                this.resizeAgain = false;
                const viewport = { width: this.container.clientWidth, height: this.container.clientHeight };
                if (viewport.width === this.viewport.width && viewport.height === this.viewport.height) break;
                await this.invalidate({ viewport });
                this.viewport = viewport;
            } while (this.resizeAgain && !this.destroyed);
        };
        run().catch((error) => this.fail(error)).finally(() => { this.resizing = false; this.busy -= 1; });
    }

    /** @param {ResizeObserverEntry[]} entries */
    cellsResized(entries) {
        for (const entry of entries) {
            const element = /** @type {HTMLElement} */ (entry.target);
            const a = appliedAttributes(element);
            if (!a || a.category !== 'cell' || this.elements.get(elementKey(a)) !== element) continue;
            const box = entry.borderBoxSize && entry.borderBoxSize[0];
            const width = box ? box.inlineSize : element.offsetWidth;
            const height = box ? box.blockSize : element.offsetHeight;
            const alongX = this.measuresWidth();
            const changed = alongX ? Math.abs(width - a.frame.width) > 0.5 : Math.abs(height - a.frame.height) > 0.5;
            if (!changed) continue;
            this.measured.set(element, alongX ? { width, height: a.frame.height } : { width: a.frame.width, height });
        }
        if (!this.measured.size || this.measuring) return;
        this.measuring = true;
        this.busy += 1;
        const run = async () => {
            while (this.measured.size && !this.destroyed) {
                const items = [];
                for (const [element, size] of this.measured) {
                    const a = appliedAttributes(element);
                    if (a && this.elements.get(elementKey(a)) === element) items.push({ indexPath: a.indexPath, size });
                }
                this.measured.clear();
                if (items.length) await this.invalidate({ items });
            }
        };
        run().catch((error) => this.fail(error)).finally(() => { this.measuring = false; this.busy -= 1; });
    }

    /**
     * Sends an `invalidate` (a bounds change, measured sizes, everything) at the current offset, keeps the visible
     * content still with the answer's `contentOffsetAdjustment`, and draws the new layout.
     * @param {any} body @param {CallOptions} [options] @returns {Promise<any>}
     */
    async invalidate(body, options) {
        const session = /** @type {LayoutSession} */ (this.session);
        this.busy += 1;
        try {
            const contentOffset = { x: this.container.scrollLeft, y: this.container.scrollTop };
            const signal = this.signal(options?.signal);
            const answer = await session.invalidate({ ...body, contentOffset }, { signal });
            if (this.destroyed) return answer;
            this.setContentSize(answer.contentSize);
            const adjustment = answer.contentOffsetAdjustment || { x: 0, y: 0 };
            if (adjustment.x || adjustment.y) this.scrollContentBy(adjustment);
            await this.fetchWindow(this.wantedWindow(this.visibleRect()));
            this.draw();
            return answer;
        } finally {
            this.busy -= 1;
        }
    }

    /**
     * Scrolls by an answer's `contentOffsetAdjustment`: the content moved under the viewport, not the viewport, so
     * the scroll speed stays as it was.
     * @param {Point} adjustment
     */
    scrollContentBy(adjustment) {
        const c = this.container;
        c.scrollTo(c.scrollLeft + adjustment.x, c.scrollTop + adjustment.y);
        for (const sample of this.samples) { sample.x += adjustment.x; sample.y += adjustment.y; }
        this.lastScroll = { x: c.scrollLeft, y: c.scrollTop, t: performance.now() };
    }

    // -- snapping --------------------------------------------------------------------------------------------

    /**
     * Snaps 120 ms after the last scroll event. A scroll that simply stops (a wheel, a scrollTo, the end of a smooth
     * scroll) rests with no velocity; a release of the pointer passes the speed it was let go at (UIKit's velocity
     * at the end of the gesture), which later scroll events keep.
     * @param {Point} [velocity] points per second
     */
    scheduleSnap(velocity) {
        if (this.snapTimer) clearTimeout(this.snapTimer);
        else { this.busy += 1; this.snapVelocity = { x: 0, y: 0 }; }
        if (velocity) this.snapVelocity = velocity;
        this.snapTimer = setTimeout(() => {
            this.snapTimer = 0;
            const velocity = this.snapVelocity;
            if (this.pointerDown) { this.busy -= 1; return; }
            this.snap({ velocity })
                .catch((error) => this.fail(error)).finally(() => { this.busy -= 1; });
        }, 120);
    }

    /**
     * Asks the session where scrolling should rest from here (`snap`) and scrolls there smoothly.
     * @param {{velocity?: Point, signal?: AbortSignal}} [options] velocity in points per second
     * @returns {Promise<Point>} where it rests
     */
    async snap(options = {}) {
        const session = /** @type {LayoutSession} */ (this.session);
        const proposed = { x: this.container.scrollLeft, y: this.container.scrollTop };
        const velocity = options.velocity || { x: 0, y: 0 };
        const signal = this.signal(options.signal);
        const answer = await session.snap({ proposedContentOffset: proposed, velocity }, { signal });
        const { x, y } = answer.contentOffset;
        if (this.destroyed) return answer.contentOffset;
        if (Math.abs(x - this.container.scrollLeft) >= 0.5 || Math.abs(y - this.container.scrollTop) >= 0.5) {
            // Only if nobody scrolled meanwhile.
            const still = Math.abs(proposed.x - this.container.scrollLeft) < 0.5 &&
                Math.abs(proposed.y - this.container.scrollTop) < 0.5;
            if (still) {
                this.container.scrollTo({ left: x, top: y, behavior: 'smooth' });
            }
        }
        return answer.contentOffset;
    }

    // -- programmatic scrolling --------------------------------------------------------------------------------

    /**
     * Scrolls so that an element shows at `position` (UIKit's `scrollToItemAtIndexPath:atScrollPosition:animated:`):
     * `top`, `centeredVertically`, `bottom`, `left`, `centeredHorizontally`, `right`, or `nearest` (the least
     * scrolling that shows it whole; the default), alone or one per axis, clamped to the content. The session's
     * `scroll-to` computes the offset from the current one (one round trip); the window at the target is then
     * fetched before the jump unless it is held already, so the first frame there is complete.
     * @param {IndexPath} indexPath
     * @param {{position?: ScrollPosition | ScrollPosition[], animated?: boolean, kind?: string,
     *   signal?: AbortSignal}} [options] `kind` names a header, footer or other supplementary instead of the cell
     * @returns {Promise<Point>} the offset scrolled to
     */
    async scrollToItem(indexPath, options = {}) {
        const session = /** @type {LayoutSession} */ (this.session);
        const signal = this.signal(options.signal);
        /** @type {ScrollToRequest} */
        const body = {
            indexPath, position: options.position || 'nearest',
            contentOffset: { x: this.container.scrollLeft, y: this.container.scrollTop },
        };
        if (options.kind) body.kind = options.kind;
        const target = (await session.scrollTo(body, { signal })).contentOffset;
        if (this.destroyed) return target;
        if (!options.animated && !this.scrollDependent) {
            const visible = { ...this.visibleRect(), x: target.x, y: target.y };
            if (!this.covers(grow(visible, { left: 0, top: 0, right: 0, bottom: 0 }, this.contentSize))) {
                this.velocity = { x: 0, y: 0 };
                await this.fetchWindow(this.wantedWindow(visible));
            }
        }
        options.signal?.throwIfAborted();
        this.container.scrollTo({ left: target.x, top: target.y, behavior: options.animated ? 'smooth' : 'auto' });
        if (!options.animated) this.scrolled();
        return target;
    }

    /**
     * Moves a compositional orthogonal section to its own offset and draws it there.
     * @param {number} section @param {number} offset
     */
    setOrthogonalOffset(section, offset) {
        const next = this.orthogonalOffsets.slice();
        while (next.length <= section) next.push(0);
        next[section] = offset;
        this.orthogonalOffsets = next;
        this.draw();
    }

    // -- mutations ---------------------------------------------------------------------------------------------

    /**
     * Batch updates (`updates`): the session changes, the cells that stay slide to their new frames, the inserted
     * ones come in from their `appearing` attributes and the deleted ones leave to their `disappearing` ones, with
     * the Web Animations API.
     * @param {any} batch deleteItems, insertItems, reloadItems, moveItems, deleteSections, insertSections
     * @param {{animated?: boolean, signal?: AbortSignal}} [options]
     * @returns {Promise<any>} the answer
     */
    async update(batch, options = {}) {
        const session = /** @type {LayoutSession} */ (this.session);
        this.busy += 1;
        try {
            const visible = this.visibleRect();
            const rect = this.wantedWindow(visible);
            const contentOffset = { x: visible.x, y: visible.y };
            if (this.inFlight) { this.inFlight.controller.abort(); this.inFlight = null; }
            const signal = this.signal(options.signal);
            const answer = await session.update({ ...batch, rect, contentOffset }, { signal });
            if (this.destroyed) return answer;
            // The answer keeps the first visible surviving cell where the user sees it (items prepended above
            // move the offset by their length): the view scrolls by that adjustment, and what stays on screen
            // does not animate.
            const adjustment = answer.contentOffsetAdjustment || { x: 0, y: 0 };
            const scrolls = !!(adjustment.x || adjustment.y);
            const animated = options.animated !== false && this.animationDuration > 0;
            const map = indexPathMapping(batch);
            // Re-key the nodes: an item that stays keeps its node under its new index path.
            /** @type {Map<string, HTMLElement>} */
            const rekeyed = new Map();
            /** @type {HTMLElement[]} */
            const leaving = [];
            const sectionsChange = !!(batch.deleteSections?.length || batch.insertSections?.length
                || batch.moveSections?.length);
            for (const [key, element] of this.elements) {
                // Cells follow their item; headers, footers and backgrounds stay unless sections come or go.
                const to = key.startsWith('cell/') ? remapKey(key, map) : sectionsChange ? null : key;
                if (to === null) leaving.push(element);
                else { element.dataset.key = to; rekeyed.set(to, element); }
            }
            this.elements = rekeyed;
            const byKey = (/** @type {Attributes[]} */ list) => new Map(list.map((a) => [elementKey(a), a]));
            const disappearing = byKey(answer.disappearing || []);
            for (const element of leaving) {
                const from = appliedAttributes(element);
                const key = from ? elementKey(from) : '';
                const to = disappearing.get(key) || (from && { ...from, alpha: 0 });
                if (animated && from && to) {
                    this.cellObserver?.unobserve(element);
                    this.animate(element, from, to).then(() => element.remove());
                    applyAttributes(element, to);
                } else element.remove();
            }
            // Nodes that stay animate from where they were (FLIP with keyframes).
            /** @type {[HTMLElement, Attributes][]} */
            const staying = [];
            for (const element of this.elements.values()) {
                const from = appliedAttributes(element);
                if (from) staying.push([element, from]);
            }
            this.windows = [];
            this.setContentSize(answer.contentSize);
            if (scrolls) this.scrollContentBy(adjustment);
            if (answer.attributes) this.keepAnswer(rect, answer);
            const appearing = byKey(answer.appearing || []);
            const renderRect = this.renderRect();
            const all = /** @type {Attributes[]} */ (answer.attributes || []);
            const shown = all.filter((a) => intersects(a.frame, renderRect));
            for (const element of this.elements.values()) /** @type {any} */ (element).__layoutAttributes = null;
            this.show(shown, undefined, animated ? { appearing } : undefined);
            this.renderedRect = renderRect;
            this.renderedOffset = this.poseOffset();
            if (animated && !scrolls) {
                for (const [element, from] of staying) {
                    const to = appliedAttributes(element);
                    if (to && element.isConnected && !sameAttributes(from, to)) this.animate(element, from, to);
                }
            }
            if (this.sectionCounts) this.sectionCounts = this.countsAfter(batch);
            if (scrolls) await this.fetchWindow(this.wantedWindow(this.visibleRect()));
            this.draw();
            return answer;
        } finally {
            this.busy -= 1;
        }
    }

    /**
     * @param {any} batch
     * @returns {number[]}
     */
    countsAfter(batch) {
        const before = this.sectionCounts || [];
        const sectionOf = sectionMapping(batch);
        const inserted = batch.insertSections || [];
        /** @type {number[]} */
        const counts = new Array(before.length - (batch.deleteSections || []).length + inserted.length).fill(0);
        before.forEach((count, s) => {
            const to = sectionOf(s);
            if (to !== null) counts[to] = count;
        });
        for (const { index, section } of inserted) counts[index] = sectionItemCount(section);
        for (const [s] of batch.deleteItems || []) counts[/** @type {number} */ (sectionOf(s))] -= 1;
        for (const { indexPath: [s] } of batch.insertItems || []) counts[s] += 1;
        for (const { from, to } of batch.moveItems || []) {
            counts[/** @type {number} */ (sectionOf(from[0]))] -= 1;
            counts[to[0]] += 1;
        }
        return counts;
    }

    /**
     * Moves to another kind (`transition`): the elements at successive progress values over `duration`
     * milliseconds, one a frame, then `commit`.
     * @param {{kind: string, config?: any}} to
     * @param {{duration?: number, signal?: AbortSignal}} [options]
     * @returns {Promise<void>}
     */
    async transition(to, options = {}) {
        const session = /** @type {LayoutSession} */ (this.session);
        const duration = options.duration ?? 400;
        this.busy += 1;
        try {
            if (this.inFlight) { this.inFlight.controller.abort(); this.inFlight = null; }
            const started = performance.now();
            for (;;) {
                options.signal?.throwIfAborted();
                const elapsed = performance.now() - started;
                const linear = duration > 0 ? Math.min(1, elapsed / duration) : 1;
                const progress = linear < 1 ? 0.5 - Math.cos(Math.PI * linear) / 2 : 1;
                const visible = this.visibleRect();
                const rect = this.renderRect();
                const answer = await session.transition({
                    to, progress, rect, contentOffset: { x: visible.x, y: visible.y }, commit: progress === 1,
                }, { signal: this.signal(options.signal) });
                if (this.destroyed) return;
                if (progress === 1) {
                    this.kind = to.kind;
                    this.request = { ...this.request, config: to.config };
                    this.scrollDependent = this.options.scrollDependent ??
                        isScrollDependent(to.kind, to.config, this.request.sections);
                    this.snaps = this.options.snap ?? snapsAtScrollEnd(to.kind, to.config);
                    this.windows = [];
                    this.setContentSize(answer.contentSize);
                    this.keepAnswer(rect, answer);
                    this.draw();
                    return;
                }
                this.show(answer.attributes);
                await new Promise((resolve) => requestAnimationFrame(resolve));
            }
        } finally {
            this.busy -= 1;
        }
    }

    /**
     * Forgets the held windows and draws from a fresh query (after the session changed behind the view's back).
     * @param {CallOptions} [options] @returns {Promise<void>}
     */
    async refresh(options = {}) {
        this.busy += 1;
        try {
            this.windows = [];
            const session = /** @type {LayoutSession} */ (this.session);
            const summary = await session.get({ signal: this.signal(options.signal) });
            this.adoptSummary(summary);
            await this.fetchWindow(this.wantedWindow(this.visibleRect()));
            this.draw();
        } finally {
            this.busy -= 1;
        }
    }

    /**
     * Whether nothing is on its way and the DOM shows the current position.
     * @returns {boolean}
     */
    get idle() {
        if (!this.session || this.busy > 0 || this.inFlight || this.animations > 0 || this.snapTimer) return false;
        if (!this.poseIsCurrent()) return false;
        return this.covers(this.renderRect());
    }

    /**
     * Unbinds the view: stops observing, aborts what is on its way, removes the rendered nodes and, unless
     * `keepSession`, deletes the session.
     * @param {{keepSession?: boolean}} [options]
     * @returns {Promise<void>}
     */
    async destroy(options = {}) {
        if (this.destroyed) return;
        this.destroyed = true;
        this.abort.abort();
        if (this.snapTimer) { clearTimeout(this.snapTimer); this.snapTimer = 0; }
        this.container.removeEventListener('scroll', this.onScroll);
        this.container.removeEventListener('pointerdown', this.onPointerDown);
        window.removeEventListener('pointerup', this.onPointerUp);
        window.removeEventListener('pointercancel', this.onPointerUp);
        this.resizeObserver.disconnect();
        this.frameObserver.disconnect();
        this.probe.remove();
        this.cellObserver?.disconnect();
        for (const element of this.elements.values()) element.remove();
        this.elements.clear();
        if (this.ownsContent) this.content.remove();
        if (this.session && this.session.id && !options.keepSession) {
            try { await this.session.close(); } catch (error) { /* the page goes on without it */ }
        }
    }
}

/**
 * Binds a layout session to a scroll container and keeps its visible elements in the DOM, never waiting on the
 * network for a frame: a window of attributes around the viewport is held and the next one fetched ahead in the
 * scroll direction; queries that no longer matter are aborted; nodes are kept by element key.
 *
 *   const view = mountLayout(document.getElementById('stage'), {
 *       kind: 'justified', request: { sections: [{ items: photos }] },
 *       render: (element, attributes) => { applyAttributes(element, attributes); ... },
 *   });
 *   await view.ready;
 *
 * @param {HTMLElement} container the scroll element (overflow: auto)
 * @param {any} options see LayoutViewOptions in layout-client.d.ts
 * @returns {LayoutView}
 */
export function mountLayout(container, options) {
    return new LayoutView(container, options);
}
