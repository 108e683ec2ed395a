"""Step 7 of web_features_test.py: the Settings dialog's values apply at once (getGlobalOption shows them), are kept
when the daemon restarts, and show in the dialog again; then they are cleared."""
import os, time

import web_ui_test as ui
from page_checks import RPC, connected
from web_ui_test import check
from selenium.webdriver.common.by import By


def settings_are_kept(driver, rpc, daemon, base, work, downloads):
    """Runs the step; returns the RPC client for the restarted daemon."""
    # A queue schedule open every minute: shown and kept like the others, and it holds nothing.
    ui.settings(driver, limit="2M", each="512K", concurrent="2", split="3", dir=os.path.realpath(os.path.join(work, "more")), schedule="Sat,Sun 00:00-24:00 4M",
                **{"folder-rules": "*.iso,*.img=isos; video/*=videos", "queue-schedule": "00:00-24:00"})
    options = rpc("aria2.getGlobalOption")
    wanted = {"max-overall-download-limit": str(2 << 20), "max-download-limit": str(512 << 10), "max-concurrent-downloads": "2",
              "split": "3", "dir": os.path.realpath(os.path.join(work, "more")), "speed-schedule": "Sat,Sun 00:00-24:00 4M",
              "folder-rule": "*.iso,*.img=isos; video/*=videos", "queue-schedule": "00:00-24:00"}
    check(all(options.get(k) == v for k, v in wanted.items()), f"Settings apply at once ({ {k: options.get(k) for k in wanted} })")
    daemon.stop()
    daemon.start()
    rpc = RPC(base, rpc.secret)
    connected(driver)
    options = rpc("aria2.getGlobalOption")
    check(all(options.get(k) == v for k, v in wanted.items()), f"Settings are kept when the daemon restarts ({ {k: options.get(k) for k in wanted} })")
    driver.find_element(By.ID, "settings-open").click()
    time.sleep(0.5)
    shown = [driver.find_element(By.ID, f"global-{n}").get_attribute("value") for n in ("limit", "each", "concurrent", "split", "schedule", "folder-rules", "queue-schedule")]
    check(shown == ["2M", "512K", "2", "3", "Sat,Sun 00:00-24:00 4M", "*.iso,*.img=isos; video/*=videos", "00:00-24:00"], f"the dialog shows them after the restart ({shown})")
    # The connections fields take the counts the daemon says may be set (ConnectionCount.range), not numbers of their own.
    low, high = options["haul-connections-range"].split("-")
    bounds = [(driver.find_element(By.ID, i).get_attribute("min"), driver.find_element(By.ID, i).get_attribute("max")) for i in ("global-split", "add-split")]
    check(bounds == [(low, high)] * 2, f"the connections fields take {low}-{high} ({bounds})")
    driver.find_element(By.ID, "settings-cancel").click()
    ui.settings(driver, limit="", each="", dir=os.path.realpath(downloads), schedule="", **{"folder-rules": "", "queue-schedule": ""})
    return rpc
