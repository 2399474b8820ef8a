// The normal build's main() for a harness: every file of its seed corpus and
// of its regressions (IDEM_FUZZ_CORPUS, IDEM_FUZZ_REGRESSIONS), or of the
// files and folders named on the command line, run once through
// LLVMFuzzerTestOneInput in name order. A crash or a broken invariant aborts
// the process, so CTest's fuzz_replay fails; the file last named on stderr
// is the input that did it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace fs = std::filesystem;

int main(int argc, char **argv)
{
    std::vector<fs::path> roots(argv + 1, argv + argc);
    const bool defaults = roots.empty();
    if (defaults)
        roots = {IDEM_FUZZ_CORPUS, IDEM_FUZZ_REGRESSIONS};

    std::vector<fs::path> files;
    for (const fs::path &root : roots) {
        if (fs::is_directory(root)) {
            for (const fs::directory_entry &entry : fs::directory_iterator(root)) {
                if (entry.is_regular_file())
                    files.push_back(entry.path());
            }
        } else if (fs::is_regular_file(root)) {
            files.push_back(root);
        } else if (!defaults || root == fs::path(IDEM_FUZZ_CORPUS)) {
            // A harness without seeds would pass without running anything.
            std::fprintf(stderr, "%s: no such file or folder\n", root.c_str());
            return 2;
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "no inputs to replay\n");
        return 2;
    }

    for (const fs::path &file : files) {
        std::fprintf(stderr, "replaying %s\n", file.c_str());
        std::ifstream in(file, std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    }
    std::fprintf(stderr, "%zu inputs replayed\n", files.size());
    return 0;
}
