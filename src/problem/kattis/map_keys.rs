//! The keys of a YAML map read with their lines, in one place for every reader of the package's
//! YAML files: a map read entry by entry ([`entries`]) and a map read into a derived struct
//! while every key as written is recorded ([`read_recording`]), for the notices and errors
//! about keys a format does not know. How a key is read (and what a key that is no word is
//! called) is the reader's: [`KeyReader`].

use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, StringDeserializer};
use serde::de::{self, Deserialize, DeserializeSeed, MapAccess};

use super::typed::Key;

/// A YAML value read in a key's place, and the [`Key`] it names.
pub(crate) trait KeyReader<'de>: Deserialize<'de> {
    /// The key's text and line; an error (worded by the reader) for a key that is a list or a
    /// map.
    fn into_key<E: de::Error>(self) -> Result<Key, E>;
}

/// A map's entries with their keys, in file order.
pub(crate) fn entries<'de, R: KeyReader<'de>, A: MapAccess<'de>, V: Deserialize<'de>>(
    mut map: A,
) -> Result<Vec<(Key, V)>, A::Error> {
    let mut out = Vec::new();
    while let Some(key) = map.next_key::<R>()? {
        out.push((key.into_key()?, map.next_value()?));
    }
    Ok(out)
}

/// `map` read into `T`, with every key as written and its line.
pub(crate) fn read_recording<'de, R: KeyReader<'de>, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: A,
) -> Result<(T, Vec<Key>), A::Error> {
    let mut keys = Vec::new();
    let value = T::deserialize(MapAccessDeserializer::new(KeyRecorder::<A, R> {
        map,
        keys: &mut keys,
        reader: PhantomData,
    }))?;
    Ok((value, keys))
}

/// Passes a map to a derived struct while writing down each key and its line.
struct KeyRecorder<'k, A, R> {
    map: A,
    keys: &'k mut Vec<Key>,
    reader: PhantomData<R>,
}

impl<'de, A: MapAccess<'de>, R: KeyReader<'de>> MapAccess<'de> for KeyRecorder<'_, A, R> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let Some(key) = self.map.next_key::<R>()? else {
            return Ok(None);
        };
        let key = key.into_key::<A::Error>()?;
        let field = seed.deserialize(StringDeserializer::<A::Error>::new(key.name.clone()))?;
        self.keys.push(key);
        Ok(Some(field))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}
