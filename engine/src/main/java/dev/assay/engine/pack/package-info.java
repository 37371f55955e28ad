/**
 * Rule packs: finding, loading, hashing and compiling them into Drools, several versions side by side.
 *
 * <p><b>API:</b> {@link dev.assay.engine.pack.PackRegistry} (resolve {@code id}, {@code id@version} or a folder; each
 * version compiled once and shared), {@link dev.assay.engine.pack.CompiledPack}, {@link dev.assay.engine.pack.RulePack},
 * {@link dev.assay.engine.pack.PackManifest}, {@link dev.assay.engine.pack.RuleDefinition},
 * {@link dev.assay.engine.pack.Detector}, {@link dev.assay.engine.pack.Term}, {@link dev.assay.engine.pack.ShippedPack},
 * {@link dev.assay.engine.pack.PackException} and {@link dev.assay.engine.pack.PackProblem}.
 *
 * <p><b>Internal</b> (public only because the authoring tools and the build use them; they may change in any
 * release): {@code PackLoader}, {@code PackCompiler}, {@code PackPrecompiler} (the build-time compiler, a command-line
 * program), {@code DrlGenerator}, {@code FactTypes}, {@code LocatedYaml}, {@code PackFiles},
 * {@code DirectoryPackFiles}, {@code RulesHash} and {@code ShippedPackIndex}.
 *
 * <p>A pack is code to the rule engine: load packs from folders only when you trust them.
 */
package dev.assay.engine.pack;
