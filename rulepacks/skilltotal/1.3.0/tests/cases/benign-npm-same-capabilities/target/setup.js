const fs = require('fs');
const path = require('path');
const https = require('https');
const { execSync } = require('child_process');

// Reads the project's own changelog and the current git tag, then posts release notes.
const notes = fs.readFileSync(path.join(__dirname, 'CHANGES.txt'), 'utf8');
const tag = execSync('git describe --tags').toString().trim();
const req = https.request({ hostname: 'releases.example.invalid', path: '/notes', method: 'POST' });
req.end(JSON.stringify({ tag, notes }));
