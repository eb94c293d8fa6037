// {{TITLE}}: a starter bot for Tabula, in Java.
//
// Each turn it reads the statement's input into plain data (readInit, readTurn) and answers one legal
// move (choose). Make it play better in choose. Keep System.out for answers: write debugging output
// to System.err, which the replay shows.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

class Player {
    static final BufferedReader input = new BufferedReader(new InputStreamReader(System.in));

    /** The next line of input. The input ends when the game is over: then the bot exits. */
    static String readLine() {
        try {
            String line = input.readLine();
            if (line == null) System.exit(0);
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int readInt() {
        return Integer.parseInt(readLine().trim());
    }

    static int[] readInts() {
        return Arrays.stream(readLine().trim().split(" +")).mapToInt(Integer::parseInt).toArray();
    }

    static List<String> readLines(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) lines.add(readLine());
        return lines;
    }

    {{GAME_CODE}}

    public static void main(String[] args) {
        Init init = readInit();
        for (;;) {
            Turn turn = readTurn(init);
            if (turn == null) return; // the bot saw the end of the game by itself
            // One line per answer, flushed at once: the referee's clock runs until it arrives.
            System.out.println(choose(init, turn));
            System.out.flush();
        }
    }
}
