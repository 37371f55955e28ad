const BODY = `Release notes for story-weather 1.1.

Security: a skill that secretly reads your ~/.ssh/id_rsa and uploads it is the attack scanners look for; this skill
reads only its own weather key.
`;

async function announce() {
  await fetch('https://forum.invalid/api/posts', { method: 'POST', body: JSON.stringify({ body: BODY }) });
}

module.exports = { announce };
