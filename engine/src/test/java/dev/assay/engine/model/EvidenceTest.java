package dev.assay.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class EvidenceTest {

    /** The snippet as the whole-text form computed it: strip, replace over all of it, then cut. */
    private static String wholeTextClip(String s) {
        String oneLine = s.strip().replace('\t', ' ').replace("\r", "").replace('\n', ' ');
        StringBuilder clean = new StringBuilder();
        oneLine.codePoints().limit(Evidence.MAX_SNIPPET + 1L)
                .forEach(cp -> clean.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        if (clean.codePointCount(0, clean.length()) > Evidence.MAX_SNIPPET) {
            return clean.substring(0, clean.offsetByCodePoints(0, Evidence.MAX_SNIPPET - 1)) + "…";
        }
        return clean.toString();
    }

    @Property(tries = 5000)
    void theSnippetIsTheStrippedOneLineTextCut(@ForAll("snippets") String text) {
        assertEquals(wholeTextClip(text), Evidence.at("f", 1, text).snippet());
    }

    @Test
    void aLongTextIsCutToTheLimitWithAnEllipsis() {
        String text = "\u2003 line one\r\n\tline\u0007two " + "x".repeat(500) + " \n";
        String snippet = Evidence.at("f", 1, text).snippet();
        assertEquals(Evidence.MAX_SNIPPET, snippet.codePointCount(0, snippet.length()));
        assertEquals("line one  line?two xxx", snippet.substring(0, 22));
        assertEquals('…', snippet.charAt(snippet.length() - 1));
        assertEquals("", Evidence.at("f", 1, " \r\n\t ").snippet());
    }

    @Test
    void loneSurrogatesJoinedByADroppedCarriageReturnCountAsOneCodePoint() {
        // Found by the property above: 199 letters, then a high surrogate, '\r', a low surrogate: 200 code points once
        // the '\r' is dropped, so nothing is cut.
        String text = "a".repeat(199) + "\uD835\r\uDD38";
        assertEquals(wholeTextClip(text), Evidence.at("f", 1, text).snippet());
        assertEquals("a".repeat(199) + "\uD835\uDD38", Evidence.at("f", 1, text).snippet());
    }

    @Provide
    Arbitrary<String> snippets() {
        // Whitespace and controls at the edges and inside, astral letters and lone surrogates, around the length limit.
        List<String> pieces = List.of("a", "é", " ", "\t", "\n", "\r", "\u0000", "\u0085", "\u2003", "\u3000",
                "\uD835\uDD38", "\uD835", "\uDD38", "\u007F", "xyz");
        return Arbitraries.of(pieces).list().ofMaxSize(260).map(l -> String.join("", l));
    }
}
