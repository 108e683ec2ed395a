#!/usr/bin/env python3
"""Issue 53, point 7: an HLS playlist added on the daemon's page is saved as its stream, and the page's detail view
shows its segments done / total.

Usage: web_stream_test.py --haul PATH/TO/haul [--screenshot FILE] [--keep DIR]

ffmpeg makes a six-segment MPEG-TS stream, the test's file server serves it under /hls/, the page's Add dialog adds
the playlist's URL; the row becomes index.ts, completed, and its detail says "Segments 6 / 6". The file is checked
against the segments concatenated. Each step waits on the page's state, never on a fixed time.
"""
import argparse, os, shutil, subprocess, sys, tempfile, threading

from web_ui_test import FILES, FAILURES, Daemon, Handler, Server, add, browser, check, row_named, row_state, wait_for

from selenium.webdriver.common.by import By


def make_stream(directory):
    """A six-second stream of one-second segments; returns the segment names in playlist order."""
    os.makedirs(directory, exist_ok=True)
    subprocess.run([
        "ffmpeg", "-nostdin", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", "testsrc=duration=6:size=160x120:rate=10", "-f", "lavfi", "-i", "sine=duration=6",
        "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac",
        "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
        "-hls_segment_filename", os.path.join(directory, "index-%d.ts"), os.path.join(directory, "index.m3u8"),
    ], check=True)
    with open(os.path.join(directory, "index.m3u8")) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="haul-web-stream-")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "source")
    segments = make_stream(source)
    for name in os.listdir(source):
        with open(os.path.join(source, name), "rb") as f:
            FILES.blobs["/hls/" + name] = f.read()
    expected = b"".join(FILES.blobs["/hls/" + name] for name in segments)
    files = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{files.server_address[1]}"

    daemon = Daemon(args.haul, work)
    url = daemon.start()
    driver = browser()
    try:
        driver.get(url)
        wait_for(driver, "the page connects", lambda d: d.find_element(By.ID, "link").text == "connected")
        add(driver, origin + "/hls/index.m3u8")
        wait_for(driver, "the stream completes as index.ts", lambda d: row_state(d, "index.ts") == "completed", 60)
        check(row_state(driver, "index.ts") == "completed", "the playlist's row is its stream, index.ts, completed")
        saved = os.path.join(daemon.downloads, "index.ts")
        data = open(saved, "rb").read() if os.path.exists(saved) else b""
        check(data == expected, f"index.ts is the {len(segments)} segments concatenated ({len(data)} of {len(expected)} bytes)")
        check(not os.path.exists(os.path.join(daemon.downloads, "index.m3u8")), "the playlist's text is not saved")
        row_named(driver, "index.ts").find_element(By.CSS_SELECTOR, ".name").click()
        read_fields = lambda d: d.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#detail-fields dt')]"
            ".map(dt => [dt.textContent, dt.nextElementSibling.textContent]))")
        want = f"{len(segments)} / {len(segments)}"
        wait_for(driver, "the detail shows the segments", lambda d: read_fields(d).get("Segments") == want, 10)
        fields = read_fields(driver)
        check(fields.get("Segments") == want, f"the detail shows segments done / total ({fields.get('Segments')})")
        if args.screenshot:
            driver.save_screenshot(args.screenshot)
        driver.find_element(By.ID, "detail-close").click()
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]
        check(not severe, f"no errors in the browser console {severe[:2]}")
    finally:
        driver.quit()
        daemon.stop()
        files.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all browser checks held")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
