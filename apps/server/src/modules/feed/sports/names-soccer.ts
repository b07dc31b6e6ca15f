import { list } from './names-world';

/**
 * Club-football naming data: national leagues by country, real cities, and the club-name patterns each country
 * uses ('{c}' is the city). Generated clubs sound local without copying any club's full name and badge.
 */
export interface ClubCountry {
  readonly country: string;
  /** Divisions, top first. */
  readonly leagues: readonly string[];
  readonly cities: readonly string[];
  readonly patterns: readonly string[];
}

export const CLUB_COUNTRIES: readonly ClubCountry[] = [
  {
    country: 'England',
    leagues: list('Premier League, Championship, League One, League Two'),
    cities: list(
      'Bristol, Leicester, Sheffield, Coventry, Plymouth, Derby, Hull, Stoke, Reading, Portsmouth, Norwich, Ipswich, Preston, Blackburn, Swindon, Oxford, Carlisle, Exeter',
    ),
    patterns: list(
      '{c} City, {c} United, {c} Town, {c} Rovers, {c} Athletic, {c} Wanderers, {c} Albion, {c} County',
    ),
  },
  {
    country: 'Scotland',
    leagues: list('Premiership, Championship'),
    cities: list(
      'Aberdeen, Dundee, Perth, Inverness, Stirling, Kilmarnock, Motherwell, Ayr, Falkirk, Paisley, Arbroath, Dunfermline',
    ),
    patterns: list('{c} FC, {c} United, {c} Athletic, {c} Thistle, {c} Rovers, {c} Academicals'),
  },
  {
    country: 'Spain',
    leagues: list('La Liga, Segunda División'),
    cities: list(
      'Valladolid, Zaragoza, Málaga, Córdoba, Murcia, Alicante, Granada, Oviedo, Santander, Burgos, Huesca, Cádiz, Elche, Almería, Vigo, Gijón',
    ),
    patterns: list('Real {c}, {c} CF, Deportivo {c}, UD {c}, CD {c}, Atlético {c}, Racing {c}, SD {c}'),
  },
  {
    country: 'Germany',
    leagues: list('Bundesliga, 2. Bundesliga, 3. Liga'),
    cities: list(
      'Bielefeld, Karlsruhe, Nürnberg, Kassel, Rostock, Paderborn, Darmstadt, Kiel, Magdeburg, Braunschweig, Hannover, Regensburg, Aachen, Osnabrück, Dresden, Münster',
    ),
    patterns: list(
      'FC {c}, 1. FC {c}, SC {c}, VfB {c}, SV {c}, Eintracht {c}, Borussia {c}, {c} 96, Fortuna {c}',
    ),
  },
  {
    country: 'Italy',
    leagues: list('Serie A, Serie B, Serie C'),
    cities: list(
      'Bari, Palermo, Brescia, Modena, Perugia, Pisa, Cremona, Ascoli, Catania, Reggio, Ternana, Padova, Vicenza, Pescara, Cosenza, Trieste',
    ),
    patterns: list('AC {c}, US {c}, AS {c}, {c} Calcio, SS {c}, FC {c}, Virtus {c}, Sporting {c}'),
  },
  {
    country: 'France',
    leagues: list('Ligue 1, Ligue 2'),
    cities: list(
      'Bordeaux, Nantes, Rennes, Grenoble, Dijon, Caen, Amiens, Metz, Troyes, Angers, Brest, Nancy, Valenciennes, Sochaux, Le Havre, Rouen',
    ),
    patterns: list('FC {c}, Olympique {c}, AS {c}, Stade {c}, RC {c}, SC {c}, US {c}, En Avant {c}'),
  },
  {
    country: 'Netherlands',
    leagues: list('Eredivisie, Eerste Divisie'),
    cities: list(
      'Utrecht, Groningen, Zwolle, Breda, Tilburg, Nijmegen, Arnhem, Heerenveen, Almere, Emmen, Deventer, Maastricht, Eindhoven, Leeuwarden',
    ),
    patterns: list('FC {c}, {c} FC, SC {c}, VV {c}, Go Ahead {c}, Sparta {c}, NAC {c}, Roda {c}'),
  },
  {
    country: 'Portugal',
    leagues: list('Primeira Liga, Liga Portugal 2'),
    cities: list(
      'Braga, Guimarães, Coimbra, Faro, Aveiro, Setúbal, Leiria, Viseu, Chaves, Famalicão, Barcelos, Funchal, Portimão, Tondela',
    ),
    patterns: list('SC {c}, FC {c}, Sporting {c}, Vitória {c}, Académico {c}, CD {c}, União {c}'),
  },
  {
    country: 'Japan',
    leagues: list('J1 League, J2 League'),
    cities: list(
      'Sapporo, Sendai, Niigata, Kofu, Shimizu, Nagoya, Kyoto, Kobe, Okayama, Hiroshima, Tokushima, Fukuoka, Kumamoto, Nagasaki, Mito, Kanazawa',
    ),
    patterns: list('{c} FC, {c} United, FC {c}, {c} SC, {c} Rising, {c} Blaze'),
  },
  {
    country: 'Korea Republic',
    leagues: list('K League 1, K League 2'),
    cities: list(
      'Ulsan, Jeonbuk, Pohang, Daegu, Incheon, Suwon, Gwangju, Daejeon, Gimcheon, Jeju, Gangwon, Busan, Anyang, Bucheon',
    ),
    patterns: list('{c} FC, {c} United, {c} Citizen, {c} Hyundai, {c} Stars'),
  },
  {
    country: 'China PR',
    leagues: list('Super League, League One'),
    cities: list(
      'Shanghai, Beijing, Chengdu, Wuhan, Tianjin, Qingdao, Dalian, Changchun, Shenzhen, Nantong, Cangzhou, Meizhou, Henan, Zhejiang',
    ),
    patterns: list('{c} FC, {c} Dragons, {c} United, {c} Lions, {c} Rongcheng, {c} Haigang'),
  },
  {
    country: 'Thailand',
    leagues: list('Thai League 1, Thai League 2'),
    cities: list(
      'Buriram, Bangkok, Chiang Mai, Chonburi, Khon Kaen, Nakhon Ratchasima, Sukhothai, Ratchaburi, Lamphun, Prachuap, Trat, Udon Thani',
    ),
    patterns: list('{c} United, {c} FC, {c} City, {c} Warriors, {c} Glass'),
  },
  {
    country: 'Vietnam',
    leagues: list('V.League 1, V.League 2'),
    cities: list(
      'Hanoi, Hai Phong, Nam Dinh, Thanh Hoa, Binh Dinh, Quang Nam, Da Nang, Hue, Khanh Hoa, Binh Duong, Ho Chi Minh City, Can Tho',
    ),
    patterns: list('{c} FC, Thep Xanh {c}, {c} United, Song Lam {c}, Becamex {c}'),
  },
  {
    country: 'Indonesia',
    leagues: list('Liga 1, Liga 2'),
    cities: list(
      'Bandung, Surabaya, Malang, Jakarta, Makassar, Bali, Semarang, Medan, Madura, Borneo, Solo, Yogyakarta, Tangerang, Padang',
    ),
    patterns: list('Persib {c}, Persebaya {c}, {c} United, PSM {c}, {c} FC, Arema {c}'),
  },
  {
    country: 'Malaysia',
    leagues: list('Super League, Premier League'),
    cities: list(
      'Johor, Selangor, Kedah, Penang, Perak, Sabah, Terengganu, Kelantan, Negeri Sembilan, Kuching, Kuala Lumpur, Melaka',
    ),
    patterns: list('{c} FC, {c} Darul Takzim, {c} City, {c} United, {c} FA'),
  },
  {
    country: 'Australia',
    leagues: list('A-League Men'),
    cities: list(
      'Brisbane, Perth, Adelaide, Newcastle, Wellington, Macarthur, Central Coast, Western Sydney, Melbourne, Auckland, Canberra, Geelong',
    ),
    patterns: list('{c} FC, {c} United, {c} City, {c} Roar, {c} Jets, {c} Mariners, {c} Glory, {c} Phoenix'),
  },
  {
    country: 'USA',
    leagues: list('Major League Soccer, USL Championship'),
    cities: list(
      'Austin, Charlotte, Nashville, Columbus, Cincinnati, Orlando, Portland, Seattle, Denver, San Diego, Phoenix, Louisville, Sacramento, Tampa Bay, Detroit, Indy',
    ),
    patterns: list('{c} FC, {c} SC, {c} United, {c} City, Real {c}, {c} Rising, {c} Republic'),
  },
  {
    country: 'Brazil',
    leagues: list('Série A, Série B'),
    cities: list(
      'Curitiba, Goiânia, Recife, Salvador, Fortaleza, Belém, Cuiabá, Campinas, Florianópolis, Natal, Maceió, Juiz de Fora, Londrina, Criciúma',
    ),
    patterns: list('Atlético {c}, {c} EC, Sport {c}, América {c}, Esporte Clube {c}, Clube {c}, Ceará {c}'),
  },
  {
    country: 'Argentina',
    leagues: list('Liga Profesional, Primera Nacional'),
    cities: list(
      'Rosario, Córdoba, La Plata, Mendoza, Tucumán, Santa Fe, Mar del Plata, Bahía Blanca, Salta, San Juan, Lanús, Quilmes',
    ),
    patterns: list(
      'Club Atlético {c}, Deportivo {c}, Sportivo {c}, Gimnasia {c}, Unión {c}, Racing {c}, Talleres {c}',
    ),
  },
  {
    country: 'Turkey',
    leagues: list('Süper Lig, 1. Lig'),
    cities: list(
      'Ankara, Izmir, Bursa, Konya, Kayseri, Antalya, Trabzon, Samsun, Sivas, Gaziantep, Adana, Eskişehir',
    ),
    patterns: list('{c}spor, {c} FK, {c} Gençlerbirliği, {c} Demirspor, Büyükşehir {c}'),
  },
];
