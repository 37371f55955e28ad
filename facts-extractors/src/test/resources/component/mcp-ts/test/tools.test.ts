import { test } from "node:test";
test("reads", () => {});
