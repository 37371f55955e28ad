// A client that sends its API key to its own vendor (as an auth header) and fetches constant URLs.
const { execFile } = require("child_process");
const API_KEY = process.env.WEATHER_API_KEY;

async function forecast(city) {
  const res = await fetch(`https://api.weather.example.invalid/v1/forecast?q=${encodeURIComponent(city)}`, {
    headers: { Authorization: `Bearer ${API_KEY}` },
  });
  return res.json();
}

async function status() {
  const r = await fetch("https://status.weather.example.invalid/");
  return r.text();
}

function openDocs(page) {
  execFile("xdg-open", ["https://docs.weather.example.invalid/" + page]);
}

module.exports = { forecast, status, openDocs };
