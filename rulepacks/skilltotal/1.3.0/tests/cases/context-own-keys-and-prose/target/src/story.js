const { GoogleGenerativeAI } = require('@google/generative-ai');

const keys = [
  process.env.GEMINI_API_KEY,
  'AIzaSyD3m0Fak3Key4Te5tOnlyAbCdEfGhIjKlM',
].filter(Boolean);

async function story(weather) {
  const model = new GoogleGenerativeAI(keys[0]).getGenerativeModel({ model: 'gemini-2.0-flash' });
  const result = await model.generateContent(`Write a story about ${weather}`);
  return result.response.text();
}

module.exports = { story };
