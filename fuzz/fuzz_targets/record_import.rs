//! Game records as `POST /api/import` reads them: the body goes through the
//! server's own handler (`gamut_server::http::records::import`: JSON body,
//! `TextRecord::parse`, the game and options headers, the replay and its
//! positions); any answer but a panic is fine. The input is the record text
//! itself (wrapped into the JSON body here), unless it starts with `{`.
#![no_main]

use axum::body::Bytes;
use gamut_server::http::records::import;
use gamut_server::record::TextRecord;
use libfuzzer_sys::fuzz_target;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

fuzz_target!(|data: &[u8]| {
    let body = if data.first() == Some(&b'{') {
        data.to_vec()
    } else {
        let text = String::from_utf8_lossy(data);
        // A parsed record prints as a record that parses back the same.
        if let Ok(record) = TextRecord::parse(&text) {
            if record
                .headers
                .iter()
                .all(|(_, v)| !v.contains('\n') && !v.contains('\r'))
                && record.moves.iter().all(|m| !m.contains(['[', '"']))
            {
                let printed = record.to_text();
                if printed.len() <= gamut_server::record::MAX_RECORD {
                    let back = TextRecord::parse(&printed)
                        .unwrap_or_else(|e| panic!("printed record rejected: {e}\n{printed}"));
                    let mut expect = record.clone();
                    expect.result.get_or_insert_with(|| "*".into());
                    assert_eq!(back, expect, "printed record\n{printed}");
                }
            }
        }
        serde_json::to_vec(&serde_json::json!({ "record": text })).expect("a string serialises")
    };
    // The handler awaits nothing: one poll finishes it.
    let mut future = pin!(import(Ok(Bytes::from(body))));
    let mut cx = Context::from_waker(Waker::noop());
    match future.as_mut().poll(&mut cx) {
        Poll::Ready(_) => {}
        Poll::Pending => panic!("the import handler waited"),
    }
});
