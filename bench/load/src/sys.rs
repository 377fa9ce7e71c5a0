//! The operating system's side: loopback addresses, the file-descriptor
//! limit, and a process's CPU time and resident memory from `/proc`.

use anyhow::{bail, Context};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Instant;

/// A server to load, by its base URL.
#[derive(Clone, Debug)]
pub struct ServerAddr {
    /// `http://127.0.0.1:8080` (no trailing slash; `localhost` made
    /// `127.0.0.1`).
    pub base: String,
    /// `ws://127.0.0.1:8080`.
    pub ws_base: String,
    /// The port.
    pub port: u16,
    /// Its socket address (for clients that bind a source address first).
    pub addr: SocketAddr,
    /// Whether it is an IPv4 address (guests may then be created from
    /// several loopback source addresses, see [`guest_source`]).
    pub v4: bool,
}

/// Parses `--server URL`, refusing anything but loopback (127.0.0.0/8,
/// `localhost`, `::1`) over plain HTTP.
pub fn parse_server(text: &str) -> anyhow::Result<ServerAddr> {
    let with_scheme = if text.contains("://") {
        text.to_owned()
    } else {
        format!("http://{text}")
    };
    let url = reqwest::Url::parse(&with_scheme).with_context(|| format!("--server {text}"))?;
    if url.scheme() != "http" {
        bail!("--server {text}: only http:// (loopback) servers are loaded");
    }
    let host = url.host_str().unwrap_or("");
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let ip: IpAddr = if bare.eq_ignore_ascii_case("localhost") {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else if let Ok(ip) = bare.parse::<IpAddr>() {
        ip
    } else {
        bail!("--server {text}: not a loopback address (127.0.0.0/8, localhost, ::1)")
    };
    if !ip.is_loopback() {
        bail!("--server {text}: {ip} is not a loopback address (127.0.0.0/8, localhost, ::1)");
    }
    let port = url.port_or_known_default().unwrap_or(80);
    let host = match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    Ok(ServerAddr {
        base: format!("http://{host}:{port}"),
        ws_base: format!("ws://{host}:{port}"),
        port,
        addr: SocketAddr::new(ip, port),
        v4: ip.is_ipv4(),
    })
}

/// How many guests are created from one source address: the server allows
/// 60 new guests a minute per client address.
pub const GUESTS_PER_SOURCE: usize = 50;

/// The loopback source address for the `n`-th guest: 127.1.x.y, a new one
/// every [`GUESTS_PER_SOURCE`] guests (all of 127.0.0.0/8 is the loopback
/// interface on Linux).
pub fn guest_source(n: usize) -> IpAddr {
    loopback_source(Source::Guests, n / GUESTS_PER_SOURCE)
}

/// Which clients a block of loopback source addresses (127.B.x.y) is for:
/// each kind of client has its own, so that no per-address cap or rate of
/// the server is shared between two kinds (the game slots' guests, the
/// lobby sockets, the seek churn, the computer hog, the computer probe).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The game slots' guests (127.1.x.y, [`guest_source`]).
    Guests = 1,
    /// The lobby sockets (127.2.x.y).
    Lobby = 2,
    /// The seek churn's guests (127.3.x.y).
    Seeks = 3,
    /// The guest hogging the computer (127.4.x.y).
    Hog = 4,
    /// The guest probing the computer's reply delay (127.5.x.y).
    Probe = 5,
    /// The guest of the analysis probe (127.6.x.y).
    Analysis = 6,
    /// The two guests of the review probe (127.7.x.y).
    Review = 7,
}

/// The `k`-th loopback source address of a block: 127.B.x.y with
/// x.y = k + 1 (k below 65,535).
pub fn loopback_source(block: Source, k: usize) -> IpAddr {
    let k = (k + 1).min(0xffff);
    IpAddr::V4(Ipv4Addr::new(
        127,
        block as u8,
        (k >> 8) as u8,
        (k & 0xff) as u8,
    ))
}

/// Raises the soft limit on open files to `want` (or the hard limit, if
/// lower); returns a note for the user when the limit stays below `want`.
pub fn raise_nofile(want: u64) -> Option<String> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Some(format!(
            "could not read the open-file limit ({}); runs with many games may fail",
            std::io::Error::last_os_error()
        ));
    }
    if lim.rlim_cur >= want {
        return None;
    }
    let target = want.min(lim.rlim_max);
    let new = libc::rlimit {
        rlim_cur: target,
        rlim_max: lim.rlim_max,
    };
    // SAFETY: setrlimit reads the struct we own.
    let ok = unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &new) } == 0;
    if !ok {
        return Some(format!(
            "could not raise the open-file limit from {} to {target} ({}); runs with many games may fail",
            lim.rlim_cur,
            std::io::Error::last_os_error()
        ));
    }
    (target < want).then(|| {
        format!(
            "the open-file limit is {target} (the hard limit), below the {want} this run may need; \
             raise it (ulimit -Hn) for the server and this program"
        )
    })
}

/// The current open-file limit (soft).
pub fn nofile_limit() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return 0;
    }
    lim.rlim_cur
}

/// Clock ticks per second of `/proc/<pid>/stat` times.
fn ticks_per_second() -> f64 {
    // SAFETY: sysconf has no preconditions.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// Measures a process's CPU use (and its threads' wait for a core)
/// between samples.
pub struct CpuMeter {
    /// The process (0: this one).
    pub pid: u32,
    cpu: f64,
    wait: f64,
    at: Instant,
    /// Percent of one core its threads spent waiting for a core, over the
    /// last interval sampled.
    pub last_wait_pct: Option<f64>,
}

impl CpuMeter {
    /// A meter of process `pid` (0: this one) from now.
    pub fn new(pid: u32) -> CpuMeter {
        CpuMeter {
            pid,
            cpu: cpu_seconds(pid).unwrap_or(0.0),
            wait: run_queue_wait_seconds(pid).unwrap_or(0.0),
            at: Instant::now(),
            last_wait_pct: None,
        }
    }

    /// Percent of one core since the last sample (and takes a new one).
    pub fn sample(&mut self) -> Option<f64> {
        let cpu = cpu_seconds(self.pid)?;
        let wait = run_queue_wait_seconds(self.pid);
        let now = Instant::now();
        let secs = (now - self.at).as_secs_f64();
        let per_core = |d: f64| if secs > 0.0 { d / secs * 100.0 } else { 0.0 };
        let pct = per_core(cpu - self.cpu);
        self.last_wait_pct = wait.map(|w| per_core((w - self.wait).max(0.0)));
        self.cpu = cpu;
        self.wait = wait.unwrap_or(self.wait);
        self.at = now;
        Some(pct)
    }
}

/// `85 % (12 %)`: a process's CPU (percent of one core) and its threads'
/// wait for a core, as [`CpuMeter`] samples them; `-` when not measured.
pub fn cpu_text(cpu: (Option<f64>, Option<f64>)) -> String {
    match cpu {
        (Some(c), Some(w)) => format!("{c:.0} % ({w:.0} %)"),
        (Some(c), None) => format!("{c:.0} %"),
        _ => "-".to_owned(),
    }
}

/// A process's user + system CPU seconds so far (`pid` 0: this process).
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let path = if pid == 0 {
        "/proc/self/stat".to_owned()
    } else {
        format!("/proc/{pid}/stat")
    };
    let text = std::fs::read_to_string(path).ok()?;
    // The command name (field 2) may hold spaces and parentheses: the
    // fields after its last ')' start at field 3 (state); utime is field
    // 14, stime 15.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / ticks_per_second())
}

/// The seconds a process's threads have spent waiting for a core (run
/// queue wait, summed over `/proc/<pid>/task/*/schedstat`; `pid` 0: this
/// process). Threads that have exited are not counted.
pub fn run_queue_wait_seconds(pid: u32) -> Option<f64> {
    let dir = if pid == 0 {
        "/proc/self/task".to_owned()
    } else {
        format!("/proc/{pid}/task")
    };
    let mut ns = 0u64;
    for task in std::fs::read_dir(dir).ok()?.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) {
            ns += text
                .split_whitespace()
                .nth(1)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    Some(ns as f64 / 1e9)
}

/// A process's resident memory in bytes (`VmRSS`; `pid` 0: this process).
pub fn rss_bytes(pid: u32) -> Option<u64> {
    let path = if pid == 0 {
        "/proc/self/status".to_owned()
    } else {
        format!("/proc/{pid}/status")
    };
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The process listening on TCP `port` (from `/proc/net/tcp{,6}` and the
/// processes' `/proc/<pid>/fd` links), if it can be seen.
pub fn pid_listening_on(port: u16) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            if f.len() < 10 || f[3] != "0A" {
                continue;
            }
            let local_port = f[1]
                .rsplit(':')
                .next()
                .and_then(|p| u16::from_str_radix(p, 16).ok());
            if local_port == Some(port) {
                inodes.push(format!("socket:[{}]", f[9]));
            }
        }
    }
    if inodes.is_empty() {
        return None;
    }
    let me = std::process::id();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(link) = std::fs::read_link(fd.path()) {
                if inodes.iter().any(|i| link.as_os_str() == i.as_str()) {
                    return Some(pid);
                }
            }
        }
    }
    // Our own process may be the server (an in-process test server).
    let fds = std::fs::read_dir("/proc/self/fd").ok()?;
    for fd in fds.flatten() {
        if let Ok(link) = std::fs::read_link(fd.path()) {
            if inodes.iter().any(|i| link.as_os_str() == i.as_str()) {
                return Some(me);
            }
        }
    }
    None
}

/// The machine's load: the 1-minute load average and the pressure-stall
/// counters (µs during which some task waited for a core, for I/O).
#[derive(Clone, Copy, Debug, Default)]
pub struct MachineSample {
    /// `/proc/loadavg`'s first field.
    pub load1: f64,
    /// `/proc/pressure/cpu` "some" total (µs), if the kernel has it.
    pub cpu_stall_us: Option<u64>,
    /// `/proc/pressure/io` "some" total (µs).
    pub io_stall_us: Option<u64>,
    /// When.
    pub at: Option<std::time::Instant>,
}

fn psi_some_total(path: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with("some"))?;
    line.split_whitespace()
        .find_map(|f| f.strip_prefix("total="))?
        .parse()
        .ok()
}

impl MachineSample {
    /// Now.
    pub fn now() -> MachineSample {
        let load1 = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|t| t.split_whitespace().next().and_then(|f| f.parse().ok()))
            .unwrap_or(0.0);
        MachineSample {
            load1,
            cpu_stall_us: psi_some_total("/proc/pressure/cpu"),
            io_stall_us: psi_some_total("/proc/pressure/io"),
            at: Some(std::time::Instant::now()),
        }
    }

    /// The share of the time since `earlier` during which some task waited
    /// for a core, and for I/O (percent).
    pub fn stalls_since(&self, earlier: &MachineSample) -> (Option<f64>, Option<f64>) {
        let secs = match (self.at, earlier.at) {
            (Some(a), Some(b)) if a > b => (a - b).as_secs_f64(),
            _ => return (None, None),
        };
        let pct = |now: Option<u64>, then: Option<u64>| {
            Some(now?.saturating_sub(then?) as f64 / 1e6 / secs * 100.0)
        };
        (
            pct(self.cpu_stall_us, earlier.cpu_stall_us),
            pct(self.io_stall_us, earlier.io_stall_us),
        )
    }
}

/// The number of cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_servers_are_accepted() {
        for ok in [
            "http://127.0.0.1:8080",
            "127.0.0.1:18080",
            "http://localhost:9000/",
            "http://127.5.6.7:1",
            "http://[::1]:8080",
        ] {
            assert!(parse_server(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://10.0.0.1:8080",
            "http://192.168.1.2",
            "http://example.org",
            "http://0.0.0.0:8080",
            "https://127.0.0.1:8443",
            "http://[::2]:80",
        ] {
            assert!(parse_server(bad).is_err(), "{bad}");
        }
        let s = parse_server("localhost:18080").unwrap();
        assert_eq!(s.base, "http://127.0.0.1:18080");
        assert_eq!(s.ws_base, "ws://127.0.0.1:18080");
    }

    #[test]
    fn guest_sources_are_loopback_and_change_every_few_guests() {
        assert_eq!(guest_source(0), guest_source(GUESTS_PER_SOURCE - 1));
        assert_ne!(guest_source(0), guest_source(GUESTS_PER_SOURCE));
        assert!(guest_source(40_000).is_loopback());
        assert_eq!(guest_source(0), "127.1.0.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn source_blocks_do_not_overlap() {
        assert_eq!(
            loopback_source(Source::Lobby, 0),
            "127.2.0.1".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            loopback_source(Source::Lobby, 300),
            "127.2.1.45".parse::<IpAddr>().unwrap()
        );
        assert_ne!(
            loopback_source(Source::Hog, 0),
            loopback_source(Source::Probe, 0)
        );
    }

    #[test]
    fn this_process_has_cpu_time_and_memory() {
        assert!(cpu_seconds(0).is_some());
        assert!(run_queue_wait_seconds(0).is_some());
        assert!(rss_bytes(0).unwrap() > 0);
    }
}
