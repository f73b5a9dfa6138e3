// @vitest-environment node
// The committed bundle (src/widget.js, what the wheel ships) is exactly what `npm run build`
// makes from the parts: a part edited without rebuilding fails here.
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { OPTIONS } from "../build.mjs";

describe("the shipped bundle", () => {
  it("is up to date with src/parts (run `npm run build`)", async () => {
    const out = await build({ ...OPTIONS, write: false });
    const fresh = out.outputFiles[0].text;
    const committed = readFileSync(OPTIONS.outfile, "utf8");
    expect(committed === fresh, "src/widget.js differs from the parts: run `npm run build`").toBe(true);
  });

  it("is one module with no imports (anywidget loads it from a string)", () => {
    const committed = readFileSync(OPTIONS.outfile, "utf8");
    expect(committed).not.toMatch(/^\s*import\s/m);
    expect(committed).toMatch(/export \{[^}]*\bcreateTable\b/);
    expect(committed).toMatch(/export default|as default/);
  });
});
