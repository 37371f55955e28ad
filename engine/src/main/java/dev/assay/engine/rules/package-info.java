/**
 * The runtime that rule packs run against: the {@code ctx} global ({@link dev.assay.engine.rules.RuleContext}), the
 * {@link dev.assay.engine.rules.Detection}s rules insert, and helpers DRL calls (globs, config paths, versions,
 * redaction, allowed tools). It is the contract between the engine and pack DRL, kept stable for pack authors; it is
 * not an API for Java programs, which get findings from reports instead.
 */
package dev.assay.engine.rules;
