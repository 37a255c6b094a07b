#!/usr/bin/env node
// Times 100,000 photos laid out three ways on this machine, in one run: flickr/justified-layout as published, the
// same library with its quadratic array concatenation replaced by pushes, and layoutd's `justified` kind over HTTP
// with JSON both ways (curl posting the request and reading the whole answer).
//
//   swift build -c release --product layoutd && .build/release/layoutd --port 8090 &
//   node scripts/bench-justified.js /path/to/justified-layout http://127.0.0.1:8090 [items] [--skip-published]
//
// /path/to/justified-layout is the library's folder (lib/index.js and lib/row.js; not part of this repository).
// The fixed copy is written to a temporary folder. The fixed library and layoutd alternate for 11 rounds, each
// figure their median; the published library, which takes tens of seconds, runs once at the end.
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

function timeLibrary(folder) {
    const layout = require(path.join(folder, 'lib', 'index.js'));
    const start = process.hrtime.bigint();
    layout(items, { containerWidth });
    return Number(process.hrtime.bigint() - start) / 1e6;
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

const request = JSON.stringify({ viewport: { width: containerWidth, height: 800 }, sections: [{ items }] });
const requestFile = path.join(fixedFolder, 'request.json');
const answerFile = path.join(fixedFolder, 'answer.json');
fs.writeFileSync(requestFile, request);
function post(output) {
    const seconds = execFileSync('curl', [
        '-s', '-o', output, '-w', '%{time_total}', '--data-binary', `@${requestFile}`,
        `${baseURL}/layout/justified`,
    ]).toString();
    return Number(seconds) * 1000;
}

// Rounds alternate the two, so that the machine's load (other processes) weighs on both alike.
const fixedLayout = require(path.join(fixedFolder, 'lib', 'index.js'));
const libraryTimes = [];
const layoutdTimes = [];
let libraryAnswer;
for (let round = 0; round < 11; round++) {
    const start = process.hrtime.bigint();
    libraryAnswer = fixedLayout(items, { containerWidth });
    libraryTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    layoutdTimes.push(post('/dev/null'));
}
const libraryMs = median(libraryTimes);
const layoutdMs = median(layoutdTimes);
post(answerFile);
const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8'));
const height = answer.contentSize && answer.contentSize.height;
console.log(`library, concatenation fixed: ${libraryMs.toFixed(1)} ms (median of 11)`);
console.log(
    `layoutd over HTTP, JSON both ways: ${layoutdMs.toFixed(1)} ms (median of 11, curl's time_total; request ` +
        `${(request.length / 1e6).toFixed(1)} MB, answer ${(fs.statSync(answerFile).size / 1e6).toFixed(1)} MB)`
);
console.log(`layoutd / fixed library: ${(layoutdMs / libraryMs).toFixed(2)}`);
const same = Math.abs(height - libraryAnswer.containerHeight) < 1e-6 && answer.widowCount === libraryAnswer.widowCount;
console.log(
    `container height: layoutd ${height}, library ${libraryAnswer.containerHeight} (${same ? 'same' : 'DIFFERENT'})`
);

if (!skipPublished) {
    console.log(`library as published: ${timeLibrary(libraryFolder).toFixed(1)} ms (one run)`);
}
fs.rmSync(fixedFolder, { recursive: true, force: true });
