// The JavaScript client's LayoutSession against a real layoutd: a session lost behind the client's back (deleted
// here, as a replica going away loses it) is created again from the kept request and mutations, transparently.
//   node Tests/EndToEnd/session-recovery.mjs path/to/layoutd
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// web/layout-client.js is a browser module; node needs the .mjs extension to load it as one.
const copy = join(mkdtempSync(join(tmpdir(), 'layoutd-client-')), 'layout-client.mjs');
copyFileSync(join(root, 'web', 'layout-client.js'), copy);
const { LayoutClient, LayoutError, LayoutSession } = await import(copy);

const server = spawn(process.argv[2], ['--port', '0', '--log-requests', 'false'], { stdio: ['ignore', 'ignore', 'pipe'] });
const port = await new Promise((resolve, reject) => {
    let text = '';
    server.stderr.on('data', (chunk) => {
        text += chunk;
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(text);
        if (match) resolve(Number(match[1]));
    });
    server.on('exit', (code) => reject(new Error(`layoutd exited with ${code}: ${text}`)));
});
const client = new LayoutClient({ baseURL: `http://127.0.0.1:${port}` });
const rect = { x: 0, y: 0, width: 375, height: 2000 };

let passed = 0;
let failed = 0;
async function check(name, body) {
    try {
        await body();
        passed += 1;
        console.log(`ok   ${name}`);
    } catch (error) {
        failed += 1;
        console.log(`FAIL ${name}: ${error.stack || error}`);
    }
}

await check('a gone session is recreated with its mutations and the call answers as before', async () => {
    const session = await LayoutSession.open(client, {
        kind: 'flow', viewport: { width: 375, height: 812 }, sections: [{ count: 500 }],
    });
    await session.invalidate({ viewport: { width: 320, height: 812 } });
    await session.update({ insertItems: [{ indexPath: [0, 0] }, { indexPath: [0, 1] }] });
    await session.update({ deleteItems: [[0, 7]] });
    await session.invalidate({ items: [{ indexPath: [0, 3], size: { width: 300, height: 120 } }] });
    await session.transition({ to: { kind: 'waterfall' }, progress: 1, commit: true });
    await session.transition({ to: { kind: 'flow' }, progress: 0.5 });
    const before = await session.query({ rect });
    const lost = session.id;
    await client.deleteSession(lost);
    const after = await session.query({ rect });
    assert.equal(session.recreations, 1);
    assert.notEqual(session.id, lost);
    assert.deepEqual(after, before);
    const summary = await session.get();
    assert.equal(summary.kind, 'waterfall');
    assert.deepEqual(summary.sections, [501]);
    assert.equal(summary.version, before.version);
    assert.equal(session.mutations.length, 5);
});

await check('callers racing on one lost session share one recreation', async () => {
    const session = await LayoutSession.open(client, { kind: 'waterfall', viewport: { width: 375, height: 812 }, sections: [{ count: 100 }] });
    await client.deleteSession(session.id);
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => session.query({ rect: { ...rect, y: i * 100 } })));
    assert.equal(session.recreations, 1);
    assert.ok(answers.every((answer) => answer.attributes.length > 0));
});

await check('other errors reach the caller and are not replayed', async () => {
    const session = await LayoutSession.open(client, { kind: 'flow', viewport: { width: 375, height: 812 }, sections: [{ count: 3 }] });
    await assert.rejects(session.update({ deleteItems: [[0, 9]] }), (error) => error instanceof LayoutError && error.status === 422);
    await assert.rejects(session.query({}), (error) => error instanceof LayoutError && error.pointer === '/rect');
    assert.equal(session.recreations, 0);
    assert.equal(session.mutations.length, 0);
});

await check('a session that cannot be recreated fails with the create error', async () => {
    const session = await LayoutSession.open(client, { kind: 'flow', viewport: { width: 375, height: 812 }, sections: [{ count: 3 }] });
    await client.deleteSession(session.id);
    session.request = { ...session.request, viewport: { width: -1, height: 812 } };
    await assert.rejects(session.query({ rect }), (error) => error instanceof LayoutError && error.status === 422);
});

await check('a rebase replaces the kept mutations', async () => {
    const session = await LayoutSession.open(client, { kind: 'flow', viewport: { width: 375, height: 812 }, sections: [{ count: 3 }] });
    await session.update({ insertItems: [{ indexPath: [0, 3] }] });
    session.rebase({ ...session.request, sections: [{ count: 4 }] });
    await client.deleteSession(session.id);
    assert.deepEqual((await session.get()).sections, [4]);
    assert.equal(session.mutations.length, 0);
});

server.kill('SIGTERM');
console.log(`client: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
