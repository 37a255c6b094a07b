// The mixed workload scripts/scaleout.py runs through nginx: virtual clients, each holding a few sessions through
// web/layout-client.js's LayoutSession and mixing session queries, snaps, invalidations and updates with stateless
// layouts and /kinds. Prints one JSON object of counts on stdout.
//   node scripts/scaleout-workload.mjs BASE_URL SECONDS CLIENTS SESSIONS_PER_CLIENT
import { copyFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [baseURL, seconds, clientCount, sessionsPerClient] = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// web/layout-client.js is a browser module; node needs the .mjs extension to load it as one.
const copy = join(mkdtempSync(join(tmpdir(), 'layoutd-client-')), 'layout-client.mjs');
copyFileSync(join(root, 'web', 'layout-client.js'), copy);
const { LayoutClient, LayoutSession } = await import(copy);

const stats = {
    requests: 0, byStatus: {}, operations: 0, sessions: 0, recreations: 0,
    errors: 0, errorSamples: [], inconsistencies: 0, inconsistencySamples: [],
};
// Every HTTP request the client makes, recreations and replays included, counted by status. node:http with a
// keep-alive pool: node's global fetch costs tens of milliseconds a request on a loaded two-core machine.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function countingFetch(url, { method = 'GET', headers = {}, body } = {}) {
    stats.requests += 1;
    return new Promise((resolve, reject) => {
        const request = http.request(url, { method, headers, agent }, (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => {
                const status = response.statusCode;
                stats.byStatus[status] = (stats.byStatus[status] || 0) + 1;
                const text = Buffer.concat(chunks).toString();
                resolve({ status, ok: status >= 200 && status < 300, text: async () => text });
            });
        });
        request.on('error', (error) => {
            stats.byStatus.network = (stats.byStatus.network || 0) + 1;
            reject(error);
        });
        request.end(body);
    });
}

let seed = 42;
function random() {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
}
const pick = (items) => items[Math.floor(random() * items.length)];
const kinds = ['flow', 'waterfall', 'line'];
const client = new LayoutClient({ baseURL, fetch: countingFetch });
const deadline = Date.now() + Number(seconds) * 1000;

/** The version a session must be at: one for the create, one per kept mutation. */
function expectVersion(session, answer, what) {
    const expected = 1 + session.mutations.length;
    if (answer.version !== expected) {
        stats.inconsistencies += 1;
        if (stats.inconsistencySamples.length < 5) stats.inconsistencySamples.push(`${what}: version ${answer.version}, expected ${expected}`);
    }
}

function recordError(error) {
    stats.errors += 1;
    if (stats.errorSamples.length < 5) stats.errorSamples.push(`${error.status || ''} ${error.type || ''} ${error.message}`);
}

async function operate(sessions) {
    const session = pick(sessions);
    const roll = random();
    const width = 375;
    if (roll < 0.45) {
        const answer = await session.query({ rect: { x: 0, y: Math.floor(random() * 5000), width, height: 812 } });
        if (!Array.isArray(answer.attributes)) throw new Error('query: no attributes');
        expectVersion(session, answer, 'query');
    } else if (roll < 0.55) {
        const answer = await session.snap({ proposedContentOffset: { x: Math.floor(random() * 3000), y: Math.floor(random() * 3000) } });
        if (!answer.contentOffset) throw new Error('snap: no contentOffset');
    } else if (roll < 0.62) {
        const viewport = { width: pick([320, 375, 414]), height: 812 };
        expectVersion(session, await session.invalidate({ viewport }), 'invalidate');
    } else if (roll < 0.67) {
        expectVersion(session, await session.update({ insertItems: [{ indexPath: [0, 0] }] }), 'update');
    } else if (roll < 0.72) {
        expectVersion(session, await session.get(), 'get');
    } else if (roll < 0.95) {
        const kind = pick(kinds);
        const answer = await client.layout(kind, { viewport: { width, height: 812 }, sections: [{ count: 20 + Math.floor(random() * 200) }] });
        if (answer.kind !== kind) throw new Error(`layout: kind ${answer.kind}`);
    } else {
        const answer = await client.kinds();
        if (!Array.isArray(answer.kinds)) throw new Error('kinds: no list');
    }
}

async function virtualClient() {
    const sessions = [];
    for (let i = 0; i < Number(sessionsPerClient); i += 1) {
        sessions.push(await LayoutSession.open(client, {
            kind: pick(kinds), viewport: { width: 375, height: 812 }, sections: [{ count: 500 + Math.floor(random() * 2000) }],
        }));
        stats.sessions += 1;
    }
    while (Date.now() < deadline) {
        stats.operations += 1;
        try {
            await operate(sessions);
        } catch (error) {
            recordError(error);
        }
    }
    // Touch every session once more, so that each one the killed replica held has been found gone and recreated.
    for (const session of sessions) {
        try {
            expectVersion(session, await session.get(), 'final get');
        } catch (error) {
            recordError(error);
        }
    }
    stats.recreations += sessions.reduce((sum, session) => sum + session.recreations, 0);
    await Promise.all(sessions.map((session) => session.close().catch(() => {})));
}

await Promise.all(Array.from({ length: Number(clientCount) }, () => virtualClient()));
console.log(JSON.stringify(stats));
