/** Naming data for everything that is not club football: city teams, nations, people, e-sports, runners. */

/** 'a, b, c' -> ['a', 'b', 'c']: keeps long name lists on a few lines instead of one line per name. */
export function list(text: string): readonly string[] {
  return text.split(',').map((s) => s.trim());
}

/** Cities for franchise-style leagues (basketball, American football, hockey, baseball...). */
export const FRANCHISE_CITIES: readonly string[] = list(
  'Portland, Austin, Nashville, Albany, Omaha, Tulsa, Memphis, Hartford, Raleigh, Spokane, Louisville, Richmond, Anchorage, Boise, Fresno, El Paso, Wichita, Toledo, Halifax, Quebec, Winnipeg, Hamilton, Vancouver, Auckland, Perth, Manila, Cebu, Osaka, Taipei, Busan, Istanbul, Belgrade, Kaunas, Valencia, Bologna, Munich, Lyon, Athens, Tel Aviv, Brisbane',
);

export const TEAM_NICKNAMES: readonly string[] = list(
  'Falcons, Comets, Mariners, Stallions, Foxes, Titans, Rangers, Pioneers, Hornets, Wolves, Thunder, Storm, Express, Owls, Bison, Sharks, Knights, Raptors, Cyclones, Voyagers, Blaze, Phantoms, Lumberjacks, Monarchs, Vipers, Outlaws, Harbormen, Dragons, Kings, Rockets',
);

export const NATIONS: readonly string[] = list(
  'Argentina, Australia, Austria, Belgium, Brazil, Canada, Chile, China, Colombia, Croatia, Czechia, Denmark, Egypt, England, Fiji, Finland, France, Georgia, Germany, Ghana, Greece, Hungary, India, Indonesia, Iran, Ireland, Italy, Japan, Kenya, Korea Republic, Malaysia, Mexico, Morocco, Netherlands, New Zealand, Nigeria, Norway, Pakistan, Philippines, Poland, Portugal, Samoa, Scotland, Senegal, Serbia, South Africa, Spain, Sri Lanka, Sweden, Switzerland, Thailand, Tonga, Tunisia, Turkey, Ukraine, United States, Uruguay, Vietnam, Wales, West Indies',
);

export const FIRST_NAMES: readonly string[] = list(
  'Alex, Daniel, Marco, Lucas, Mateo, Jonas, Felix, Hugo, Ivan, Kenji, Arjun, Minh, Tomas, Leo, Nikolai, Rafael, Samuel, Yuki, Omar, Diego, Anna, Sofia, Elena, Mei, Laura, Chloe, Hana, Priya, Marta, Olga',
);

export const SURNAMES: readonly string[] = list(
  'Novak, Fischer, Moreau, Rossi, Silva, Kovacs, Jensen, Petrov, Tanaka, Nakamura, Kim, Park, Nguyen, Tran, Wong, Lim, Santos, Ferreira, Garcia, Lopez, Martin, Bernard, Muller, Schneider, Hoffmann, Bianchi, Romano, Horvat, Nowak, Dvorak, Lindqvist, Berg, Haddad, Mensah, Okafor, Singh, Sharma, Cohen, Walsh, Murphy, Kowalski, Popescu, Ivanov, Costa, Almeida, Suzuki, Sato, Chen, Zhang, Reyes',
);

export const ESPORTS_PREFIXES: readonly string[] = list(
  'Team, Nova, Crimson, Void, Apex, Iron, Neon, Shadow, Polar, Solar, Rogue, Quantum',
);

export const ESPORTS_SUFFIXES: readonly string[] = list(
  'Esports, Gaming, Wolves, Dynasty, Legion, Syndicate, Squad, Five, Ronin, Vipers, Empire, Union',
);

export const RUNNER_WORDS_A: readonly string[] = list(
  'Silver, Midnight, Golden, Northern, Royal, Lucky, Desert, Highland, Velvet, Copper, Stormy, Quiet, Dancing, Brave, Swift, Scarlet, Misty, Wild',
);

export const RUNNER_WORDS_B: readonly string[] = list(
  'Arrow, Rambler, Comet, Promise, Legend, Harbour, Spirit, Echo, Whisper, Crown, Dancer, Flyer, Thunder, Rebel, Dream, Tempest, Venture, Flame',
);

export const FIGHTER_NAMES: readonly string[] = list(
  'Iron Tiger, Shadow Blade, Red Lotus, Storm Fist, Jade Crane, Steel Viper, Night Wolf, Thunder Monk, Silent Dragon, Crimson Fang, Frost Queen, Blaze Kick, Stone Bear, Wind Dancer, Ghost Mantis, Solar Ox',
);

export const INDICES: readonly string[] = list(
  'Hang Seng, Nikkei 225, KOSPI, Straits Times, SET Index, FTSE 100, DAX, S&P 500, Nasdaq 100, Dow Jones',
);
