# Homebrew formula for haul, built from the tagged source. The release workflow (.github/workflows/release.yml) fills
# in the source archive's address, its SHA-256 and the commit, and attaches the result to the release as haul.rb:
#   brew install --formula ./haul.rb
require "socket"

class Haul < Formula
  desc "Download engine for big files: resumable, segmented, verified"
  homepage "@HOMEPAGE@"
  url "@URL@"
  sha256 "@SHA256@"
  license "Apache-2.0"

  # Swift 6.3 (Xcode 26) on macOS; Homebrew's swift on Linux.
  depends_on xcode: ["26.0", :build]
  uses_from_macos "sqlite"
  uses_from_macos "zlib"

  on_linux do
    depends_on "swift" => :build
  end

  def install
    ENV["HAUL_BUILD_COMMIT"] = "@COMMIT@"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "haul"
    bin.install ".build/release/haul"
    man1.install "docs/generated/haul.1"
    generate_completions_from_executable(bin/"haul", "--generate-completion-script")
  end

  test do
    assert_match "#{version} (commit @COMMIT@)", shell_output("#{bin}/haul --version")
    (testpath/"served").write("hello from haul\n")
    port = free_port
    server = fork { exec "python3", "-m", "http.server", port.to_s, "--bind", "127.0.0.1", "--directory", testpath }
    # Wait for the server to listen, not a fixed time.
    50.times do
      TCPSocket.new("127.0.0.1", port).close
      break
    rescue Errno::ECONNREFUSED
      sleep 0.1
    end
    system bin/"haul", "-q", "-o", "got", "http://127.0.0.1:#{port}/served"
    assert_equal "hello from haul\n", (testpath/"got").read
  ensure
    Process.kill("TERM", server) if server
  end
end
