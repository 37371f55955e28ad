class Items {
  #get;
  constructor(get) {
    this.#get = get;
  }
  async list() {
    return (await this.#get('/items')).items;
  }
}

export class Flows {
  #token;
  constructor(token) {
    this.#token = token;
    this.items = new Items(this.get.bind(this));
  }
  async get(path) {
    const res = await fetch(`https://api.flows.example.invalid/v1${path}`, {
      headers: { authorization: `Bearer ${this.#token}` },
    });
    return res.json();
  }
}
