#!/usr/bin/env node
// Writes Tests/Fixtures/justified-layout.json: seeded random inputs laid out by flickr/justified-layout (v4), which
// JustifiedFixtureTests hold layoutd's `justified` kind to (1e-6, rounding included).
//
// The library is not part of this repository. To regenerate, put its source somewhere (its lib/index.js and
// lib/row.js are all it needs: the fixtures come from v4.0.0, flickr/justified-layout at commit 92607e8, which has
// no dependencies) and run:
//
//   node scripts/justified-fixtures.js /path/to/justified-layout [output.json]
//
// where /path/to/justified-layout is the package's folder (it must hold lib/index.js). The cases are seeded, so the
// same library gives the same file. Each case holds the layoutd request (the library's config, minus
// containerWidth, is layoutd's `config` as it is: the names and shapes are the same; the container's width is the
// viewport's), and the library's answer: containerHeight, widowCount and one [left, top, width, height] per
// laid-out box.
'use strict';

const path = require('path');
const fs = require('fs');

const libraryFolder = process.argv[2];
if (!libraryFolder) {
    console.error('usage: node scripts/justified-fixtures.js /path/to/justified-layout [output.json]');
    process.exit(2);
}
const justifiedLayout = require(path.resolve(libraryFolder, 'lib', 'index.js'));
const output = process.argv[3] || path.join(__dirname, '..', 'Tests', 'Fixtures', 'justified-layout.json');

// mulberry32: a small seeded generator, so the cases never change.
function makeRandom(seed) {
    let state = seed >>> 0;
    return function () {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
const random = makeRandom(20261129);
const int = (low, high) => low + Math.floor(random() * (high - low + 1));
const chance = (p) => random() < p;
const pick = (list) => list[int(0, list.length - 1)];
const hundredths = (low, high) => Math.round((low + random() * (high - low)) * 100) / 100;

// Photo-like sizes: mostly camera shapes, some panoramas and tall shots, some arbitrary.
function makeItem() {
    const shape = random();
    if (shape < 0.5) {
        const [w, h] = pick([[4, 3], [3, 2], [16, 9], [1, 1], [3, 4], [2, 3], [9, 16], [5, 4]]);
        const scale = int(50, 1000);
        return { width: w * scale, height: h * scale };
    }
    if (shape < 0.6) return { width: int(3000, 12000), height: int(300, 1000) };
    if (shape < 0.7) return { width: int(200, 600), height: int(1500, 4000) };
    if (shape < 0.8) return { width: hundredths(0.5, 50), height: hundredths(0.5, 50) };
    return { width: int(1, 4000), height: int(1, 4000) };
}

function makeConfig(index) {
    const config = {};
    if (chance(0.4)) config.containerPadding = int(0, 30);
    else if (chance(0.5)) {
        config.containerPadding = { top: int(0, 30), right: int(0, 30), bottom: int(0, 30), left: int(0, 30) };
    }
    if (chance(0.4)) config.boxSpacing = int(0, 20);
    else if (chance(0.5)) config.boxSpacing = { horizontal: int(0, 20), vertical: int(0, 20) };
    if (chance(0.7)) config.targetRowHeight = chance(0.5) ? int(60, 500) : hundredths(60, 500);
    if (chance(0.6)) config.targetRowHeightTolerance = chance(0.15) ? 0 : hundredths(0, 0.6);
    if (chance(0.15)) config.maxNumRows = int(1, 5);
    if (chance(0.1)) config.forceAspectRatio = hundredths(0.5, 2.5);
    if (chance(0.2)) config.showWidows = false;
    if (chance(0.25)) config.fullWidthBreakoutRowCadence = int(1, 4);
    if (chance(0.8)) config.widowLayoutStyle = pick(['left', 'justify', 'center']);
    // Every style shows up often with widows.
    if (index % 7 === 0) config.widowLayoutStyle = pick(['justify', 'center']);
    return config;
}

function makeCase(containerWidth, items, config) {
    // The library mutates nothing it is given but the config's defaults merge; give it copies.
    const libraryConfig = Object.assign({ containerWidth }, JSON.parse(JSON.stringify(config)));
    const answer = justifiedLayout(items.map((item) => ({ ...item })), libraryConfig);
    return {
        request: {
            viewport: { width: containerWidth, height: 800 },
            sections: [{ items }],
            config,
        },
        containerHeight: answer.containerHeight,
        widowCount: answer.widowCount,
        boxes: answer.boxes.map((box) => [box.left, box.top, box.width, box.height]),
    };
}

const cases = [];
// The known values first: four squares at the defaults and at width 400.
const squares = [1, 2, 3, 4].map(() => ({ width: 1, height: 1 }));
cases.push(makeCase(1060, squares, {}));
cases.push(makeCase(400, squares, {}));
for (let index = 0; index < 300; index++) {
    const containerWidth = chance(0.8) ? int(200, 1600) : hundredths(200, 1600);
    const count = chance(0.1) ? int(0, 3) : int(4, 40);
    const items = Array.from({ length: count }, makeItem);
    cases.push(makeCase(containerWidth, items, makeConfig(index)));
}

const document = {
    about: 'flickr/justified-layout v4 answers for layoutd\'s justified kind; made by scripts/justified-fixtures.js',
    cases,
};
// One case per line keeps diffs readable.
const lines = cases.map((entry) => '    ' + JSON.stringify(entry));
fs.writeFileSync(
    output,
    '{\n  "about": ' + JSON.stringify(document.about) + ',\n  "cases": [\n' + lines.join(',\n') + '\n  ]\n}\n'
);
console.log(`wrote ${cases.length} cases to ${output}`);
