# Homebrew formula for lualayout: builds a release's source tarball with `swift build` and
# installs the files the Linux packages hold (Scripts/packaging/stage lists them). Scripts/package
# writes it to dist/lualayout.rb with the tarball's address, checksum and homepage filled in;
# the release workflow publishes both. `brew install --formula ./lualayout.rb`.
class Lualayout < Formula
  desc "Run UIKit-style collection-view layouts written in Lua, headlessly"
  homepage "@HOMEPAGE@"
  url "@URL@"
  sha256 "@SHA256@"

  depends_on xcode: ["16.0", :build] # Swift 6
  depends_on "pkgconf" => :build
  depends_on "libpng"
  depends_on "lua"

  def install
    # The commit `lualayout --version` names (the tarball carries it: export-subst).
    ENV["LUALAYOUT_COMMIT"] = Utils.safe_popen_read("Scripts/packaging/build-commit").chomp
    %w[lualayout generate-manual].each do |product|
      system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", product
    end
    bin.install ".build/release/lualayout"

    # The manual page from the binary's own help, as the Linux packages have it.
    system "Scripts/packaging/manual", bin/"lualayout", ".build/release/generate-manual", "manual"
    man1.install "manual/lualayout.1"
    generate_completions_from_executable(bin/"lualayout", "--generate-completion-script")
    (share/"lualayout/library").install "Examples/.types/lualayout.lua"

    doc.install "README.md", "docs", "Scripts/packaging/copyright"
    # Examples/Embedding is a Swift package built against the source tree: not installed.
    (doc/"examples").install Dir["Examples/*"] - ["Examples/Embedding"], "Examples/.luarc.json"
    ln_s "../../../lualayout/library", doc/"examples/.types"
  end

  test do
    assert_match "lualayout #{version}", shell_output("#{bin}/lualayout --version")
    # The README's first command, against the installed examples.
    table = shell_output("#{bin}/lualayout run #{doc}/examples/grid.lua --bounds 768x1024 --items 100 --format table")
    assert_match(/cell \[0, 99\]/, table)
    assert_path_exists man1/"lualayout.1"
  end
end
