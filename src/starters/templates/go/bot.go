// {{TITLE}}: a starter bot for Tabula, in Go.
//
// Each turn it reads the statement's input into plain data (readInit, readTurn) and answers one legal
// move (choose). Make it play better in choose. Keep stdout for answers: debug() writes to stderr,
// which the replay shows.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func debug(values ...any) {
	fmt.Fprintln(os.Stderr, values...)
}

var input = bufio.NewScanner(os.Stdin)

// readLine returns the next line of input. The input ends when the game is over: then the bot exits.
func readLine() string {
	if !input.Scan() {
		os.Exit(0)
	}
	return input.Text()
}

func atoi(word string) int {
	number, err := strconv.Atoi(strings.TrimSpace(word))
	if err != nil {
		panic(err)
	}
	return number
}

func readInt() int {
	return atoi(readLine())
}

func readInts() []int {
	var numbers []int
	for _, word := range strings.Fields(readLine()) {
		numbers = append(numbers, atoi(word))
	}
	return numbers
}

func readLines(count int) []string {
	lines := make([]string, count)
	for i := range lines {
		lines[i] = readLine()
	}
	return lines
}

{{GAME_CODE}}

func main() {
	input.Buffer(make([]byte, 1<<20), 1<<20)
	state := readInit()
	for {
		turn := readTurn(state)
		if turn == nil {
			return // the bot saw the end of the game by itself
		}
		// One line per answer, written at once (os.Stdout is not buffered).
		fmt.Println(choose(state, turn))
	}
}
