// Helpers for a Kattis output validator: exit 42 (accepted) or 43 (wrong answer), with the
// reason in FEEDBACK_DIR/judgemessage.txt.
#pragma once

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace judge {

constexpr int accepted_code = 42;
constexpr int wrong_answer_code = 43;

inline std::string feedback_dir;

[[noreturn]] inline void finish(int code, const std::string& message) {
    std::string path = feedback_dir + "/judgemessage.txt";
    if (FILE* file = std::fopen(path.c_str(), "w")) {
        std::fprintf(file, "%s\n", message.c_str());
        std::fclose(file);
    }
    std::exit(code);
}

[[noreturn]] inline void accept() { finish(accepted_code, "correct"); }
[[noreturn]] inline void wrong_answer(const std::string& why) { finish(wrong_answer_code, why); }

// Reads the next whitespace-separated token of `in` into `token`; false at end of input.
inline bool read_token(FILE* in, std::string& token) {
    token.clear();
    int c;
    while ((c = std::fgetc(in)) != EOF && std::isspace(c)) {
    }
    while (c != EOF && !std::isspace(c)) {
        token.push_back(static_cast<char>(c));
        c = std::fgetc(in);
    }
    return !token.empty();
}

}  // namespace judge
