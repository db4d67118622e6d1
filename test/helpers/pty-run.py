"""Run a command on a pseudo-terminal and answer its prompts, deterministically.

Reads one JSON object on stdin: {"argv": [...], "cwd": "...", "env": {...}, "steps": [{"expect": "text", "send": "text", "delay": seconds?}],
"timeout": seconds}. Each step waits until `expect` appears in the output after the previous match, then types `send`.
Prints one JSON object: {"output": "...", "code": <exit code, or 128+signal>, "error": "..."?}.
"""
import json
import os
import pty
import select
import signal
import sys
import time

spec = json.load(sys.stdin)
timeout = float(spec.get("timeout", 20))

pid, fd = pty.fork()
if pid == 0:
    os.chdir(spec["cwd"])
    os.execvpe(spec["argv"][0], spec["argv"], spec["env"])

output = b""
position = 0
error = None


def read_some(wait):
    """Read what is available within `wait` seconds; False once the terminal is closed."""
    global output
    ready, _, _ = select.select([fd], [], [], wait)
    if not ready:
        return True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return False
    if not chunk:
        return False
    output += chunk
    return True


alive = True
for step in spec["steps"]:
    wanted = step["expect"].encode()
    deadline = time.monotonic() + timeout
    while alive and output.find(wanted, position) < 0 and time.monotonic() < deadline:
        alive = read_some(0.1)
    found = output.find(wanted, position)
    if found < 0:
        error = "did not see %r within %ss" % (step["expect"], timeout)
        break
    position = found + len(wanted)
    # A pause before typing ("delay", seconds): for a person who takes a while to answer.
    pause_until = time.monotonic() + float(step.get("delay", 0))
    while alive and time.monotonic() < pause_until:
        alive = read_some(min(0.1, max(0.0, pause_until - time.monotonic())))
    os.write(fd, step["send"].encode())

deadline = time.monotonic() + timeout
while alive and time.monotonic() < deadline:
    alive = read_some(0.1)
if alive:
    error = error or "the command did not finish within %ss" % timeout
    os.kill(pid, signal.SIGKILL)

_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
result = {"output": output.decode("utf-8", "replace"), "code": code}
if error:
    result["error"] = error
print(json.dumps(result))
