#!/usr/bin/env python3
"""Times how the live preview answers oversized request heads, and whether another client's
GET /state is served meanwhile (issue #10 item 8).

Usage: Scripts/preview-header-timing.py [SIZE_KB ...]   (default: 100 10240)
Starts `.build/debug/lualayout watch --serve --port 0` on Examples/fly-in.lua."""
import os, re, socket, subprocess, sys, threading, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sizes = [int(a) for a in sys.argv[1:]] or [100, 10240]
proc = subprocess.Popen([os.path.join(root, ".build/debug/lualayout"), "watch", "Examples/fly-in.lua", "--serve",
                         "--port", "0", "--idle-timeout", "600"], cwd=root, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
port = None
for line in proc.stderr:
    m = re.search(rb"preview at http://127.0.0.1:(\d+)/", line)
    if m:
        port = int(m.group(1)); break

def status(sock):
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk: break
        data += chunk
    return data.split(b"\r\n")[0].decode(errors="replace") or "(closed without a response)"

def get_state():
    start = time.time()
    s = socket.create_connection(("127.0.0.1", port)); s.settimeout(600)
    s.sendall(b"GET /state HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    line = status(s); s.close()
    return line, time.time() - start

try:
    for kb in sizes:
        big = b"GET /state HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (kb * 1024) + b"\r\n\r\n"
        s = socket.create_connection(("127.0.0.1", port)); s.settimeout(600)
        start = time.time()
        def send():
            try: s.sendall(big)
            except OSError: pass
        sender = threading.Thread(target=send, daemon=True); sender.start()
        answer = {}
        def receive():
            try: answer["line"] = status(s)
            except OSError as e: answer["line"] = f"({e})"
            answer["time"] = time.time() - start
        receiver = threading.Thread(target=receive, daemon=True); receiver.start()
        time.sleep(0.2)
        line, state_time = get_state()
        print(f"during a {kb} KB header: GET /state -> {line} in {state_time:.2f} s")
        receiver.join()
        print(f"{kb} KB header -> {answer['line']} in {answer['time']:.2f} s")
        s.close()
finally:
    proc.kill()
