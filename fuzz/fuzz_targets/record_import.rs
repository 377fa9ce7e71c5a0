//! Game records as `POST /api/import` reads them: the text goes through the
//! server's own reader (`http::records::replay_record`: `TextRecord::parse`,
//! the game and options headers, the replay and its positions); any answer
//! but a panic is fine. A record that parses also prints as one that
//! parses back the same.
#![no_main]

use gamut_server::http::records::replay_record;
use gamut_server::record::TextRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
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
    let _ = replay_record(&text);
});
