// Removes invisible characters from user text before it is logged.
// ok: ST-HIDDEN-UNICODE-CONTROL
const SAMPLE = "a​‌​‍‌​⁠​b‮c";
module.exports = (s) => s.replace(/[\u200b-\u200d\u2060\u202a-\u202e]/g, "");
module.exports.SAMPLE = SAMPLE;
