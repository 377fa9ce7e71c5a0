//! A bare launcher of the server (no web client), used by the integration
//! tests to run the server as a real child process that can be killed:
//! `gamut-server --data DIR [--database URL] [--port N]`. Prints
//! `listening on ADDR` once it serves. (`gamut serve` is the user command.)

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
            other => anyhow::bail!("unknown option {other} (--data, --database, --port)"),
        }
    }
    tokio::runtime::Runtime::new()?.block_on(async move {
        let server = Server::start(config).await?;
        println!("listening on {}", server.addr());
        server.wait().await
    })
}
