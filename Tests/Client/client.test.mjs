// The JavaScript client against a real layoutd: errors, cancellation, counters, the batch-update index mapping the
// view animates with, and the served files. Run with the binary in LAYOUTD:
//   LAYOUTD=.build/release/layoutd node --test Tests/Client/
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
// Imported by path, as a package user would: web/package.json makes it an ES module.
import {
    LayoutClient, LayoutError, LayoutSession, indexPathMapping, isScrollDependent, snapsAtScrollEnd, elementKey,
    ifMatchHeader, idempotencyKeyHeader,
} from '../../web/layout-client.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = process.env.LAYOUTD;
if (!binary) throw new Error('set LAYOUTD to the layoutd binary');

/** @type {import('node:child_process').ChildProcess} */
let server;
/** @type {LayoutClient} */
let client;
let base = '';

before(async () => {
    server = spawn(binary, ['--port', '0', '--log-requests', 'false'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const port = await new Promise((resolve, reject) => {
        let text = '';
        server.stderr.on('data', (chunk) => {
            text += chunk;
            const match = /listening on http:\/\/[^:]+:(\d+)/.exec(text);
            if (match) resolve(Number(match[1]));
        });
        server.on('exit', (code) => reject(new Error(`layoutd exited with ${code}: ${text}`)));
    });
    base = `http://127.0.0.1:${port}`;
    client = new LayoutClient({ baseURL: base });
});

after(() => server.kill('SIGTERM'));

/** A port nothing listens on: bound, then closed. @returns {Promise<number>} */
function closedPort() {
    return new Promise((resolve) => {
        const listener = createServer();
        listener.listen(0, '127.0.0.1', () => {
            const { port } = /** @type {import('node:net').AddressInfo} */ (listener.address());
            listener.close(() => resolve(port));
        });
    });
}

const viewport = { width: 375, height: 812 };

describe('errors', () => {
    test('a refused connection is a LayoutError with status 0 and type /problems/network', async () => {
        const offline = new LayoutClient({ baseURL: `http://127.0.0.1:${await closedPort()}` });
        await assert.rejects(offline.kinds(), (error) => {
            assert.ok(error instanceof LayoutError, `got ${error}`);
            assert.equal(error.status, 0);
            assert.equal(error.type, '/problems/network');
            assert.match(error.detail, /GET \/kinds got no answer: ECONNREFUSED/);
            assert.ok(error.cause instanceof Error);
            return true;
        });
    });

    test('a session call to a vanished server is a network LayoutError too, not a recreation', async () => {
        const offline = new LayoutClient({ baseURL: `http://127.0.0.1:${await closedPort()}` });
        const session = new LayoutSession(offline, { kind: 'flow', viewport, sections: [{ count: 3 }] });
        session.id = '0123456789abcdef0123456789abcdef';
        await assert.rejects(session.query({ rect: { x: 0, y: 0, width: 10, height: 10 } }),
            (error) => error instanceof LayoutError && error.status === 0);
        assert.equal(session.recreations, 0);
    });

    test('a 422 keeps its pointer', async () => {
        await assert.rejects(client.layout('flow', { viewport, sections: [{ items: [{ width: -1, height: 5 }] }] }),
            (error) => error instanceof LayoutError && error.status === 422 &&
                error.pointer === '/sections/0/items/0/width');
    });
});

describe('cancellation', () => {
    test('an aborted signal rejects every method with an AbortError and sends nothing', async () => {
        const session = await LayoutSession.open(client, { kind: 'flow', viewport, sections: [{ count: 20 }] });
        const id = /** @type {string} */ (session.id);
        const controller = new AbortController();
        controller.abort();
        const signal = controller.signal;
        const sent = client.requests;
        const rect = { x: 0, y: 0, width: 10, height: 10 };
        const calls = [
            () => client.layout('flow', { viewport, sections: [] }, { signal }),
            () => client.kinds({ signal }),
            () => client.createSession({ kind: 'flow', viewport, sections: [] }, { signal }),
            () => client.getSession(id, { signal }),
            () => client.deleteSession(id, { signal }),
            () => client.query(id, { rect }, { signal }),
            () => client.item(id, 0, 0, { signal }),
            () => client.supplementary(id, 'header', 0, 0, { signal }),
            () => client.snap(id, { proposedContentOffset: { x: 0, y: 0 } }, { signal }),
            () => client.scrollTo(id, { indexPath: [0, 5], position: 'top' }, { signal }),
            () => client.invalidate(id, { everything: true }, { signal }),
            () => client.update(id, { deleteItems: [[0, 0]] }, { signal }),
            () => client.transition(id, { to: { kind: 'waterfall' }, progress: 0.5 }, { signal }),
            () => client.move(id, { indexPath: [0, 0], position: { x: 5, y: 5 } }, { signal }),
            () => client.endMove(id, { indexPath: [0, 0], targetIndexPath: [0, 1] }, { signal }),
            () => LayoutSession.open(client, { kind: 'flow', viewport, sections: [] }, { signal }),
            () => session.query({ rect }, { signal }),
            () => session.snap({ proposedContentOffset: { x: 0, y: 0 } }, { signal }),
            () => session.scrollTo({ indexPath: [0, 5], position: 'top' }, { signal }),
            () => session.invalidate({ everything: true }, { signal }),
            () => session.update({ deleteItems: [[0, 0]] }, { signal }),
            () => session.transition({ to: { kind: 'waterfall' }, progress: 1, commit: true }, { signal }),
            () => session.move({ indexPath: [0, 0], position: { x: 5, y: 5 } }, { signal }),
            () => session.endMove({ indexPath: [0, 0], targetIndexPath: [0, 1] }, { signal }),
            () => session.item(0, 0, { signal }),
            () => session.supplementary('header', 0, 0, { signal }),
            () => session.get({ signal }),
            () => session.close({ signal }),
        ];
        for (const call of calls) {
            const aborted = (/** @type {any} */ error) => error instanceof Error && error.name === 'AbortError';
            await assert.rejects(call(), aborted, String(call));
        }
        assert.equal(client.requests, sent, 'no request left');
        assert.equal(session.mutations.length, 0, 'an aborted mutation is not kept for replay');
        assert.deepEqual((await session.get()).sections, [20]);
    });

    test('aborting a request on its way rejects it with the reason', async () => {
        const controller = new AbortController();
        const big = client.layout('flow', { viewport, sections: [{ count: 1000000 }] }, { signal: controller.signal });
        controller.abort(new DOMException('superseded', 'AbortError'));
        await assert.rejects(big, (error) => error.name === 'AbortError' && error.message === 'superseded');
    });
});

describe('counters and sessions', () => {
    test('requests and bytes received are counted', async () => {
        const counting = new LayoutClient({ baseURL: base });
        const answer = await counting.layout('flow', { viewport, sections: [{ count: 5 }] });
        assert.equal(counting.requests, 1);
        assert.equal(counting.bytesReceived, JSON.stringify(answer).length);
    });

    test('a lost session is recreated for a call that carries a signal', async () => {
        const session = await LayoutSession.open(client, { kind: 'justified', viewport, sections: [{ count: 50 }] });
        await session.update({ deleteItems: [[0, 4]] }, { signal: new AbortController().signal });
        const rect = { x: 0, y: 0, width: 375, height: 3000 };
        const before = await session.query({ rect });
        await client.deleteSession(/** @type {string} */ (session.id));
        const after = await session.query({ rect }, { signal: new AbortController().signal });
        assert.equal(session.recreations, 1);
        assert.deepEqual(after, before);
    });
});

describe('scroll-to', () => {
    // 1,000 items of 50×50 in rows of 6 (10 points apart) in a 375×812 viewport: row r starts at 60r.
    const request = { kind: 'flow', viewport, sections: [{ count: 1000 }] };

    test('the offset is UIKit\'s arithmetic on the item\'s frame, clamped to the content', async () => {
        const session = await LayoutSession.open(client, /** @type {any} */ (request));
        const frame = (await session.item(0, 600)).frame;
        const height = /** @type {any} */ (session.summary).contentSize.height;
        const at = async (/** @type {any} */ position, y = 0) =>
            (await session.scrollTo({ indexPath: [0, 600], position, contentOffset: { x: 0, y } })).contentOffset;
        assert.deepEqual(await at('top'), { x: 0, y: frame.y });
        assert.deepEqual(await at('centeredVertically'), { x: 0, y: frame.y + frame.height / 2 - viewport.height / 2 });
        assert.deepEqual(await at('bottom'), { x: 0, y: frame.y + frame.height - viewport.height });
        assert.deepEqual(await at('nearest'), { x: 0, y: frame.y + frame.height - viewport.height }, 'from above');
        assert.deepEqual(await at(['nearest'], frame.y - 100), { x: 0, y: frame.y - 100 }, 'already visible');
        assert.deepEqual(await at(['top', 'left']), { x: 0, y: frame.y });
        const last = await session.scrollTo({ indexPath: [0, 999], position: 'top' });
        assert.deepEqual(last.contentOffset, { x: 0, y: height - viewport.height }, 'clamped to the content');
        const inset = { top: 44, left: 0, bottom: 0, right: 0 };
        const below = await session.scrollTo({ indexPath: [0, 600], position: 'top', contentInset: inset });
        assert.deepEqual(below.contentOffset, { x: 0, y: frame.y - 44 });
        await session.close();
    });

    test('a header by kind, and problems for an item that does not exist or an unknown position', async () => {
        const header = { width: 375, height: 30 };
        const sections = [{ count: 40, header }, { count: 200, header }];
        const session = await LayoutSession.open(client, { kind: 'flow', viewport, sections });
        const second = await session.supplementary('header', 1, 0);
        const answer = await session.scrollTo({ indexPath: [1, 0], kind: 'header', position: 'top' });
        assert.equal(answer.contentOffset.y, second.frame.y);
        assert.ok(second.frame.y > 400);
        await assert.rejects(session.scrollTo({ indexPath: [0, 40], position: 'top' }),
            (error) => error instanceof LayoutError && error.status === 422 && error.pointer === '/indexPath');
        await assert.rejects(session.scrollTo(/** @type {any} */ ({ indexPath: [0, 1], position: 'middle' })),
            (error) => error instanceof LayoutError && error.status === 422 && error.pointer === '/position');
        await session.close();
    });

    test('a lost session is recreated for scrollTo, its mutations replayed', async () => {
        const session = await LayoutSession.open(client, /** @type {any} */ (request));
        await session.update({ deleteItems: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5]] });
        const before = await session.scrollTo({ indexPath: [0, 900], position: 'top' });
        await client.deleteSession(/** @type {string} */ (session.id));
        const after = await session.scrollTo({ indexPath: [0, 900], position: 'top' });
        assert.equal(session.recreations, 1);
        assert.deepEqual(after, before);
        assert.equal(before.contentOffset.y, (await session.item(0, 900)).frame.y);
        await session.close();
    });
});

describe('breakpoints', () => {
    test('viewports answer one layout per viewport, each the single-viewport answer', async () => {
        const sizes = [{ width: 320, height: 600 }, { width: 390, height: 844 }, { width: 1280, height: 800 }];
        const body = { sections: [{ items: Array.from({ length: 40 }, (_, i) => ({ width: 3 + (i % 3), height: 2 })) }],
            config: { targetRowHeight: 120 } };
        const answer = await client.layout('justified', { ...body, viewports: sizes });
        assert.equal(answer.kind, 'justified');
        assert.equal(answer.layouts.length, 3);
        for (const [i, size] of sizes.entries()) {
            const alone = await client.layout('justified', { ...body, viewport: size });
            const { kind, ...members } = alone;
            assert.deepEqual(answer.layouts[i], { viewport: size, ...members });
        }
        assert.notDeepEqual(answer.layouts[0].contentSize, answer.layouts[2].contentSize);
    });

    test('17 viewports, or a viewport the layout cannot use, are problems with pointers', async () => {
        const many = Array.from({ length: 17 }, () => viewport);
        await assert.rejects(client.layout('flow', { viewports: many, sections: [] }),
            (error) => error instanceof LayoutError && error.status === 422 && error.pointer === '/viewports/16');
        await assert.rejects(client.layout('flow', { viewports: [viewport, { width: -5, height: 9 }], sections: [] }),
            (error) => error instanceof LayoutError && error.status === 422 && error.pointer === '/viewports/1/width');
    });
});

/**
 * A client whose requests go to the server as usual, recording the value of header `name` in each (null without).
 * @param {string} name
 */
function watchingHeader(name) {
    /** @type {(string | null)[]} */
    const sent = [];
    const client = new LayoutClient({
        baseURL: base,
        fetch: (input, init) => {
            sent.push(new Headers(init?.headers).get(name));
            return fetch(input, init);
        },
    });
    return { client, sent };
}

describe('Idempotency-Key', () => {
    test('a key is sent as given; anything the server would refuse is refused before sending', async () => {
        assert.equal(idempotencyKeyHeader('3f1c-9'), '3f1c-9');
        for (const bad of ['', 'a b', '"k"', 'é', 'k'.repeat(256), 7]) {
            assert.throws(() => idempotencyKeyHeader(/** @type {any} */ (bad)), TypeError, JSON.stringify(bad));
        }
        const { client: watching, sent } = watchingHeader('Idempotency-Key');
        const session = await LayoutSession.open(watching, { kind: 'flow', viewport, sections: [{ count: 10 }] });
        const version = session.version;
        const answer = await session.invalidate({ everything: true }, { idempotencyKey: 'k'.repeat(255) });
        assert.equal(answer.version, version + 1);
        const count = watching.requests;
        await assert.rejects(session.update({ deleteItems: [[0, 0]] }, { idempotencyKey: 'a b' }), TypeError);
        assert.equal(watching.requests, count, 'nothing sent');
        assert.deepEqual(sent, [null, 'k'.repeat(255)]);
        await session.close();
    });
});

describe('If-Match', () => {
    test('versions become strong entity tags; anything else is refused before sending', () => {
        assert.equal(ifMatchHeader(3), '"3"');
        assert.equal(ifMatchHeader([2, 3]), '"2", "3"');
        assert.equal(ifMatchHeader('*'), '*');
        for (const bad of ['W/"3"', '"3"', -1, 1.5, [], ['W/"3"']]) {
            assert.throws(() => ifMatchHeader(/** @type {any} */ (bad)), TypeError, JSON.stringify(bad));
        }
    });

    test('the server matches a list strongly; a weak tag is never sent', async () => {
        const { client: watching, sent } = watchingHeader('If-Match');
        const session = await LayoutSession.open(watching, { kind: 'flow', viewport, sections: [{ count: 10 }] });
        const version = session.version;
        await assert.rejects(session.invalidate({ everything: true }, { ifMatch: [version + 1, version + 7] }),
            (error) => error instanceof LayoutError && error.status === 412);
        const answer = await session.invalidate({ everything: true }, { ifMatch: [version + 1, version] });
        assert.equal(answer.version, version + 1);
        await session.update({ deleteItems: [[0, 0]] }, { ifMatch: '*' });
        const count = watching.requests;
        await assert.rejects(session.update({ deleteItems: [[0, 0]] }, { ifMatch: /** @type {any} */ ('W/"2"') }),
            TypeError);
        assert.equal(watching.requests, count, 'nothing sent');
        assert.deepEqual(sent.filter((h) => h !== null), [`"${version + 1}", "${version + 7}"`,
            `"${version + 1}", "${version}"`, '*']);
        assert.ok(sent.every((h) => h === null || !h.includes('W/')));
        await session.close();
    });
});

describe('closing', () => {
    test('a closed session is not created again by a call still on its way', async () => {
        const session = await LayoutSession.open(client, { kind: 'flow', viewport, sections: [{ count: 9 }] });
        await session.close();
        await assert.rejects(session.query({ rect: { x: 0, y: 0, width: 10, height: 10 } }),
            (error) => error instanceof LayoutError && error.type === '/problems/session-gone');
        assert.equal(session.recreations, 0);
    });
});

describe('batch updates', () => {
    const cases = [
        { deleteItems: [[0, 2], [0, 7]] },
        { insertItems: [{ indexPath: [0, 0], size: { width: 999, height: 10 } },
            { indexPath: [0, 5], size: { width: 998, height: 10 } }] },
        { deleteItems: [[0, 3]], insertItems: [{ indexPath: [0, 3], size: { width: 997, height: 10 } }] },
        { moveItems: [{ from: [0, 1], to: [0, 9] }], deleteItems: [[0, 4]] },
        { moveItems: [{ from: [0, 10], to: [1, 0] }],
            insertItems: [{ indexPath: [1, 2], size: { width: 996, height: 10 } }] },
        { moveSections: [[0, 2]] },
        { moveSections: [[2, 0]], deleteItems: [[2, 3]],
            insertItems: [{ indexPath: [0, 1], size: { width: 995, height: 10 } }] },
        { moveSections: [[1, 0]], deleteSections: [2], insertSections: [{ index: 1, section: { count: 2 } }] },
        { deleteSections: [0], moveItems: [{ from: [2, 0], to: [0, 0] }] },
    ];
    for (const batch of cases) {
        test(`indexPathMapping follows the server: ${JSON.stringify(batch)}`, async () => {
            // Every item has its own width, so an item can be recognized after the batch.
            const items = (/** @type {number} */ s) =>
                Array.from({ length: 14 }, (_, i) => ({ width: 20 + s * 100 + i, height: 10 }));
            const sections = [{ items: items(0) }, { items: items(1) }, { items: items(2) }];
            const wide = { width: 10000, height: 800 };
            const session = await LayoutSession.open(client, { kind: 'flow', viewport: wide, sections });
            const rect = { x: 0, y: 0, width: 10000, height: 800 };
            const widths = (/** @type {any[]} */ attributes) =>
                new Map(attributes.filter((a) => a.category === 'cell')
                    .map((a) => [a.indexPath.join('/'), a.frame.width]));
            const before = widths((await session.query({ rect })).attributes);
            await session.update(batch);
            const after = widths((await session.query({ rect })).attributes);
            const map = indexPathMapping(batch);
            let checked = 0;
            for (const [key, width] of before) {
                const to = map(/** @type {[number, number]} */ (key.split('/').map(Number)));
                if (!to) continue;
                assert.equal(after.get(to.join('/')), width, `${key} → ${to}`);
                checked += 1;
            }
            assert.ok(checked >= 24, `${checked} items checked`);
        });
    }
});

describe('helpers and files', () => {
    test('scroll-dependent and snapping kinds are recognized', () => {
        assert.equal(isScrollDependent('flow', {}), false);
        assert.equal(isScrollDependent('flow', { sectionHeadersPinToVisibleBounds: true }), true);
        assert.equal(isScrollDependent('line'), true);
        assert.equal(isScrollDependent('justified', {}), false);
        const pinned = { section: { boundarySupplementaryItems: [{ kind: 'header', pinToVisibleBounds: true }] } };
        assert.equal(isScrollDependent('compositional', {}, [{ config: pinned }]), true);
        assert.equal(isScrollDependent('compositional', {}, [{ count: 3 }]), false);
        assert.equal(snapsAtScrollEnd('rotary'), true);
        assert.equal(snapsAtScrollEnd('justified', { snap: 'line' }), true);
        assert.equal(snapsAtScrollEnd('flow', { snap: 'none' }), false);
        const header = {
            category: 'supplementaryView', kind: 'header', indexPath: [1, 0],
            frame: { x: 0, y: 0, width: 1, height: 1 }, zIndex: 0, alpha: 1, hidden: false,
        };
        assert.equal(elementKey(/** @type {any} */ (header)), 'supplementaryView/header/1/0');
    });

    for (const [path, file, type] of [
        ['/layout-client.js', 'layout-client.js', 'text/javascript; charset=utf-8'],
        ['/layout-client.d.ts', 'layout-client.d.ts', 'application/typescript; charset=utf-8'],
        ['/demo-content.js', 'demo-content.js', 'text/javascript; charset=utf-8'],
    ]) {
        test(`${path} is served verbatim as ${type}`, async () => {
            const response = await fetch(base + path);
            assert.equal(response.status, 200);
            assert.equal(response.headers.get('content-type'), type);
            assert.equal(await response.text(), readFileSync(join(root, 'web', file), 'utf8'));
        });
    }
});
