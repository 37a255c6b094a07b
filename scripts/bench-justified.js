#!/usr/bin/env node
// Times 100,000 photos laid out three ways on this machine, in one run: flickr/justified-layout as published, the
// same library with its quadratic array concatenation replaced by pushes, and layoutd's `justified` kind over HTTP
// with JSON both ways (curl posting the request and reading the whole answer).
//
//   swift build -c release --product layoutd && .build/release/layoutd --port 8090 &
//   node scripts/bench-justified.js /path/to/justified-layout http://127.0.0.1:8090 [items] [--skip-published]
//
// /path/to/justified-layout is the library's folder (lib/index.js and lib/row.js; not part of this repository).
// The fixed copy is written to a temporary folder. Each figure is the median of several runs (the published
// library, which takes tens of seconds, runs once).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [libraryFolder, baseURL, countArgument] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const skipPublished = process.argv.includes('--skip-published');
if (!libraryFolder || !baseURL) {
    console.error('usage: node scripts/bench-justified.js /path/to/justified-layout http://127.0.0.1:PORT [items]');
    process.exit(2);
}
const count = Number(countArgument || 100000);

// The same seeded photo sizes for every contender.
let state = 12345;
function next() {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
}
const items = Array.from({ length: count }, () => ({ width: 100 + (next() % 4000), height: 100 + (next() % 3000) }));
const containerWidth = 1060;

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function timeLibrary(folder, runs) {
    const layout = require(path.join(folder, 'lib', 'index.js'));
    const times = [];
    let answer;
    for (let run = 0; run < runs; run++) {
        const start = process.hrtime.bigint();
        answer = layout(items, { containerWidth });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return { ms: median(times), answer };
}

// The fixed copy: the two accumulations of every row's boxes become pushes.
const fixedFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'justified-fixed-'));
fs.mkdirSync(path.join(fixedFolder, 'lib'));
fs.copyFileSync(path.join(libraryFolder, 'lib', 'row.js'), path.join(fixedFolder, 'lib', 'row.js'));
const source = fs.readFileSync(path.join(libraryFolder, 'lib', 'index.js'), 'utf8');
const fixed = source
    .replace(
        'layoutData._layoutItems = layoutData._layoutItems.concat(row.getItems());',
        'Array.prototype.push.apply(layoutData._layoutItems, row.getItems());'
    )
    .replace(/laidOutItems = laidOutItems\.concat\(([^;]*)\);/g, '$1;');
if (fixed === source) throw new Error('the concatenations to fix were not found');
fs.writeFileSync(path.join(fixedFolder, 'lib', 'index.js'), fixed);

const fixedResult = timeLibrary(fixedFolder, 7);
console.log(`library, concatenation fixed: ${fixedResult.ms.toFixed(1)} ms (median of 7)`);

const request = JSON.stringify({ viewport: { width: containerWidth, height: 800 }, sections: [{ items }] });
const requestFile = path.join(fixedFolder, 'request.json');
const answerFile = path.join(fixedFolder, 'answer.json');
fs.writeFileSync(requestFile, request);
const times = [];
for (let run = 0; run < 11; run++) {
    const seconds = execFileSync('curl', [
        '-s', '-o', answerFile, '-w', '%{time_total}', '--data-binary', `@${requestFile}`,
        `${baseURL}/layout/justified`,
    ]).toString();
    times.push(Number(seconds) * 1000);
}
const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8'));
const height = answer.contentSize && answer.contentSize.height;
console.log(
    `layoutd over HTTP, JSON both ways: ${median(times).toFixed(1)} ms (median of 11; request ` +
        `${(request.length / 1e6).toFixed(1)} MB, answer ${(fs.statSync(answerFile).size / 1e6).toFixed(1)} MB)`
);
const same = Math.abs(height - fixedResult.answer.containerHeight) < 1e-6;
console.log(`container height: layoutd ${height}, library ${fixedResult.answer.containerHeight} (${same ? 'same' : 'DIFFERENT'})`);

if (!skipPublished) {
    const published = timeLibrary(libraryFolder, 1);
    console.log(`library as published: ${published.ms.toFixed(1)} ms (one run)`);
}
fs.rmSync(fixedFolder, { recursive: true, force: true });
