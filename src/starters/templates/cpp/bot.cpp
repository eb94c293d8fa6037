// {{TITLE}}: a starter bot for Tabula, in C++.
//
// Each turn it reads the statement's input into plain data (readInit, readTurn) and answers one legal
// move (choose). Make it play better in choose. Keep std::cout for answers: write debugging output
// to std::cerr, which the replay shows.
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

// The next line of input. The input ends when the game is over: then the bot exits.
string readLine() {
    string line;
    if (!getline(cin, line)) exit(0);
    return line;
}

int readInt() { return stoi(readLine()); }

vector<int> readInts() {
    istringstream words(readLine());
    vector<int> numbers;
    for (int number; words >> number;) numbers.push_back(number);
    return numbers;
}

vector<string> readLines(int count) {
    vector<string> lines;
    for (int i = 0; i < count; i++) lines.push_back(readLine());
    return lines;
}

vector<string> split(const string& text, char separator) {
    vector<string> parts;
    istringstream in(text);
    for (string part; getline(in, part, separator);) parts.push_back(part);
    return parts;
}

{{GAME_CODE}}

int main() {
    Init init = readInit();
    for (;;) {
        optional<Turn> turn = readTurn(init);
        if (!turn) return 0;  // the bot saw the end of the game by itself
        // One line per answer, flushed at once (endl flushes): the referee's clock runs until it arrives.
        cout << choose(init, *turn) << endl;
    }
}
