//! A bare launcher of the server (no web client), used by the integration
//! tests to run the server as a real child process that can be killed:
//! `gamut-server --data DIR [--database URL] [--port N] [--day-ms N]`
//! (`--day-ms`: how long a day of the days-per-move controls lasts, for
//! tests that cannot wait for days). Prints `listening on ADDR` once it
//! serves. (`gamut serve` is the user command.)

use gamut_server::{Server, ServerConfig};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut config = ServerConfig::new("./gamut-data");
    config.port = 0;
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
        match flag.as_str() {
            "--data" => config.data_dir = value.into(),
            "--database" => config.database_url = Some(value),
            "--port" => config.port = value.parse()?,
            "--day-ms" => config.day = std::time::Duration::from_millis(value.parse()?),
            other => {
                anyhow::bail!("unknown option {other} (--data, --database, --port, --day-ms)")
            }
        }
    }
    tokio::runtime::Runtime::new()?.block_on(async move {
        let server = Server::start(config).await?;
        println!("listening on {}", server.addr());
        server.wait().await
    })
}
