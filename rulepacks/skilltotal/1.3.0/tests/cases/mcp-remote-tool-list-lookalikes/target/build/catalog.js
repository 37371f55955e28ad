import { readFile } from 'node:fs/promises';

export class Catalog {
  #file;
  constructor(file) {
    this.#file = file;
  }
  async entries() {
    return JSON.parse(await readFile(this.#file, 'utf8')).entries;
  }
}
