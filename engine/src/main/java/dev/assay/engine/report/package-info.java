/**
 * Reports on the wire. API: {@link dev.assay.engine.report.ReportWriters} (JSON, text, SARIF, Markdown),
 * {@link dev.assay.engine.report.ReportFormat}, {@link dev.assay.engine.report.ReportReader} (strict, bounded reading
 * of JSON reports) and {@link dev.assay.engine.report.ReportException}. The writers' implementations are
 * package-private.
 */
package dev.assay.engine.report;
