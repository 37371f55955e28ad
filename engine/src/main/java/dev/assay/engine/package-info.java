/**
 * The Assay engine: extract → derive → score as a library.
 *
 * <p>Start with {@link dev.assay.engine.Scanner#builder()}: it takes a rule pack and a formula and returns a
 * thread-safe scanner whose {@link dev.assay.engine.Scanner#scan(java.nio.file.Path)} returns a
 * {@link dev.assay.engine.model.Report}. The engine never prints and never exits the JVM; a scan that cannot run at
 * all throws {@link dev.assay.engine.ScanException} with a one-line message, and everything a scan skipped inside the
 * target is in the report's coverage. See {@code docs/embedding.md}.
 *
 * <h2>What is API</h2>
 * These packages are the public API; their public types keep working across minor versions:
 * <ul>
 *   <li>{@code dev.assay.engine} — {@code Scanner}, {@code Extraction}, {@code Rescorer}, {@code ScanException},
 *       {@code ScannerVersion}, {@code ScorerSelector}</li>
 *   <li>{@code dev.assay.engine.model} — reports, findings, evidence</li>
 *   <li>{@code dev.assay.engine.fact} — the facts extractors make and rules see</li>
 *   <li>{@code dev.assay.engine.spi} — what target loaders and extractors implement</li>
 *   <li>{@code dev.assay.engine.report} — writing and reading reports</li>
 *   <li>{@code dev.assay.engine.formula} — formula specs, the registry and the interpreter</li>
 *   <li>{@code dev.assay.engine.pack} — the types its package documentation lists as API (registry, compiled pack,
 *       manifest, rule definitions); the rest of that package is internal</li>
 *   <li>{@code dev.assay.engine.diff} — score diffs across pack and formula versions</li>
 *   <li>{@code dev.assay.engine.batch} — many targets in one process</li>
 *   <li>{@code dev.assay.engine.authoring} — lint, test, scaffold and document rule packs</li>
 * </ul>
 * {@code dev.assay.engine.rules} is the runtime that rule-pack DRL calls ({@code ctx}, {@code Detection} …): stable for
 * pack authors, not meant to be called from Java. Types that are not public, and the types a package's documentation
 * marks internal, may change in any release.
 */
package dev.assay.engine;
