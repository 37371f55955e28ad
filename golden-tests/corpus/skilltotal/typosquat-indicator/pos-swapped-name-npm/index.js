module.exports = function get(url) { return fetch(url).then((r) => r.json()); };
