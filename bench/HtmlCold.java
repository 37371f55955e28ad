// Cold cost of one writer in a fresh JVM: reads a JSON report (not timed), then times the first render of it as
// json, sarif or html (class loading, template compilation and rendering included). Run by bench/html.sh.
//   java -cp "$(cat cli/target/classpath.txt)" bench/HtmlCold.java REPORT.json html
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportReader;
import dev.assay.engine.report.ReportWriters;
import dev.assay.html.HtmlReport;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

public class HtmlCold {
    public static void main(String[] args) throws Exception {
        Report report;
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            report = ReportReader.read(in);
        }
        long start = System.nanoTime();
        String page = "html".equals(args[1]) ? HtmlReport.scan(report)
                : ReportWriters.render(report, ReportFormat.parse(args[1]));
        long end = System.nanoTime();
        System.out.printf("%s %.1f ms %d chars%n", args[1], (end - start) / 1e6, page.length());
    }
}
