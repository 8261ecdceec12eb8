// A minimal stand-in for testlib.h, written for stressjudge's tests (not testlib itself): the
// parts a generator, an interactor and a checker of this package use, with testlib's command
// lines and exit codes (0 OK, 1 WA, 2 PE, 3 FAIL).
//   registerGen(argc, argv, 1)        seeds `rnd` from the whole command line
//   registerInteraction(argc, argv)   interactor INPUT OUTPUT [ANSWER]: `inf` the input, `ouf`
//                                     the solution's output (stdin), `tout` the OUTPUT file
//   registerTestlibCmd(argc, argv)    checker INPUT OUTPUT ANSWER: `inf`, `ouf`, `ans`
#pragma once
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

[[noreturn]] inline void quitf(TResult result, const char* format, ...) {
    static const char* names[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
    std::fprintf(stderr, "%s ", names[result]);
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fprintf(stderr, "\n");
    std::exit(result);
}

struct Random {
    unsigned long long state = 1;
    long long next(long long lo, long long hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (long long)((state >> 33) % (unsigned long long)(hi - lo + 1));
    }
};
static Random rnd;

inline void registerGen(int argc, char* argv[], int) {
    unsigned long long hash = 3;
    for (int i = 1; i < argc; i++)
        for (const char* p = argv[i]; *p; p++) hash = hash * 31 + (unsigned char)*p;
    rnd.state = hash;
}

// A stream of whitespace-separated tokens; a missing or malformed one ends the program with
// `on_error` (PE for the solution's output, FAIL for the jury's files).
struct InStream {
    FILE* file = nullptr;
    TResult on_error = _fail;
    const char* name = "";
    std::string readToken() {
        char buffer[64];
        if (!file || std::fscanf(file, "%63s", buffer) != 1)
            quitf(on_error, "unexpected end of file in %s", name);
        return buffer;
    }
    long long readLong() {
        std::string token = readToken();
        char* end = nullptr;
        long long value = std::strtoll(token.c_str(), &end, 10);
        if (token.empty() || *end) quitf(on_error, "expected an integer in %s, found %s", name, token.c_str());
        return value;
    }
    bool seekEof() {
        int c;
        while (file && (c = std::fgetc(file)) != EOF)
            if (!std::isspace(c)) { std::ungetc(c, file); return false; }
        return true;
    }
};
static InStream inf, ouf, ans;

// The interactor's OUTPUT file.
struct OutFile {
    FILE* file = nullptr;
    void print(const char* format, ...) {
        va_list args;
        va_start(args, format);
        std::vfprintf(file, format, args);
        va_end(args);
        std::fflush(file);
    }
};
static OutFile tout;

inline void open_in(InStream& stream, const char* path, TResult on_error, const char* name) {
    stream.file = std::fopen(path, "r");
    stream.on_error = on_error;
    stream.name = name;
    if (!stream.file) quitf(_fail, "cannot open %s %s", name, path);
}

inline void registerInteraction(int argc, char* argv[]) {
    if (argc < 3 || argc > 6)
        quitf(_fail, "Program must be run with the following arguments: <input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]");
    open_in(inf, argv[1], _fail, "input");
    tout.file = std::fopen(argv[2], "w");
    if (!tout.file) quitf(_fail, "Can not write to the test-output-file '%s'", argv[2]);
    ouf.file = stdin;
    ouf.on_error = _pe;
    ouf.name = "the solution's output";
    if (argc >= 4) open_in(ans, argv[3], _fail, "answer");
}

inline void registerTestlibCmd(int argc, char* argv[]) {
    if (argc < 4) quitf(_fail, "Program must be run with the following arguments: <input-file> <output-file> <answer-file>");
    open_in(inf, argv[1], _fail, "input");
    open_in(ouf, argv[2], _pe, "output");
    open_in(ans, argv[3], _fail, "answer");
}
