package dev.assay.extract.agent;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.fact.TextDocument;
import java.util.List;
import java.util.stream.Collectors;

/** One compact line per fact, so tests can compare whole fact lists exactly. */
final class FactLines {

    private FactLines() {
    }

    static String line(Fact fact) {
        if (fact instanceof FileEntry) {
            FileEntry f = (FileEntry) fact;
            return "file " + f.file() + (f.binary() ? " binary" : "");
        }
        if (fact instanceof FileTag) {
            FileTag t = (FileTag) fact;
            return "tag " + t.file() + " " + t.tag();
        }
        if (fact instanceof TextDocument) {
            TextDocument d = (TextDocument) fact;
            return "text " + d.file() + " " + d.role();
        }
        if (fact instanceof ConfigValue) {
            ConfigValue v = (ConfigValue) fact;
            return "value " + v.file() + " " + v.document() + " " + v.path() + "=" + v.value() + " (" + v.type()
                    + ") L" + v.line();
        }
        if (fact instanceof McpServer) {
            McpServer s = (McpServer) fact;
            return "mcp " + s.file() + " " + s.client() + ":" + s.name() + " " + s.transport()
                    + (s.command() == null ? "" : " cmd=" + s.commandLine())
                    + (s.url() == null ? "" : " url=" + s.url())
                    + (s.headerNames().isEmpty() ? "" : " headers=" + s.headerNames())
                    + (s.envNames().isEmpty() ? "" : " env=" + s.envNames())
                    + (s.authConfigured() ? " auth" : "") + " L" + s.line();
        }
        if (fact instanceof InstalledPackage) {
            InstalledPackage p = (InstalledPackage) fact;
            return "pkg " + p.file() + " " + p.ecosystem() + ":" + p.name() + "@" + p.version() + " " + p.source()
                    + " L" + p.line();
        }
        if (fact instanceof InstalledSkill) {
            InstalledSkill s = (InstalledSkill) fact;
            return "skill " + s.directory() + " " + s.location() + " name=" + s.name() + " tools=" + s.allowedTools()
                    + " desc=" + s.description();
        }
        return fact.getClass().getSimpleName() + " " + fact.file();
    }

    static List<String> lines(List<? extends Fact> facts, String prefix) {
        return facts.stream().map(FactLines::line).filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
    }
}
