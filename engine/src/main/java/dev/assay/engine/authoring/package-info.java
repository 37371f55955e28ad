/**
 * Tools for rule-pack authors, as a library: {@link dev.assay.engine.authoring.PackLinter},
 * {@link dev.assay.engine.authoring.PackTester}, {@link dev.assay.engine.authoring.PackScaffold},
 * {@link dev.assay.engine.authoring.RuleDocs}, {@link dev.assay.engine.authoring.Schemas} and their result types.
 * Every problem they report is a {@link dev.assay.engine.authoring.Problem} naming a file and line of the pack.
 */
package dev.assay.engine.authoring;
