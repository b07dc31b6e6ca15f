import { list } from './names-world';

/**
 * Competition names per sport (real competition formats, so the menus read like a real book). Sports without
 * an entry get names from GENERIC_COMPETITIONS with the sport's name in front.
 */
export const COMPETITIONS: Readonly<Record<string, readonly string[]>> = {
  basketball: list(
    'NBA, EuroLeague, China CBA, Korea KBL, Philippines PBA, Japan B.League, Australia NBL, Spain Liga ACB, Turkey BSL, NCAA Division I',
  ),
  football: list('NFL, NCAA Division I FBS, CFL, European League of Football, UFL'),
  'ice-hockey': list('NHL, KHL, Sweden SHL, Finland Liiga, AHL, Czech Extraliga, Swiss National League, DEL'),
  tennis: list(
    'ATP Doha, ATP Tokyo, ATP Challenger Lima, WTA Madrid, WTA Seoul, WTA 125 Mumbai, ITF M25 Antalya, ITF W35 Nonthaburi, ATP Challenger Busan',
  ),
  volleyball: list(
    'Italy SuperLega, Poland PlusLiga, Brazil Superliga, Japan SV.League, Turkey Efeler Ligi, Nations League',
  ),
  baseball: list('MLB, Japan NPB, Korea KBO, Taiwan CPBL, Mexican League, Australian Baseball League'),
  badminton: list(
    'BWF Super 1000 All England, BWF Super 750 Japan Open, BWF Super 500 Indonesia Masters, BWF Super 300 Thailand Masters, BWF World Championships',
  ),
  'table-tennis': list(
    'WTT Champions, WTT Star Contender, WTT Feeder, TT Elite Series, Setka Cup, Czech Liga Pro',
  ),
  handball: list(
    'EHF Champions League, Germany Handball-Bundesliga, Denmark Herreligaen, France Starligue, Spain Liga ASOBAL, Hungary NB I',
  ),
  darts: list(
    'PDC World Championship, Premier League Darts, PDC Players Championship, World Matchplay, Grand Slam of Darts',
  ),
  billiards: list(
    'World Snooker Championship, UK Championship, The Masters, World Pool Masters, 9-Ball World Cup',
  ),
  snooker: list('World Snooker Championship, UK Championship, The Masters, Shanghai Masters, Welsh Open'),
  pool: list('World Pool Championship, Mosconi Cup, US Open 9-Ball, Asian 10-Ball Championship'),
  rugby: list('Six Nations, The Rugby Championship, Autumn Internationals, Pacific Nations Cup, World Cup'),
  'rugby-league': list('NRL, Super League, State of Origin, Championship'),
  'rugby-sevens': list('SVNS Hong Kong, SVNS Singapore, SVNS Dubai, SVNS Sydney'),
  cricket: list(
    'Test Series, ODI Series, T20 Internationals, Indian Premier League, Big Bash League, Pakistan Super League',
  ),
  'aussie-rules': list('AFL, AFLW, VFL, SANFL'),
  'gaelic-football': list('All-Ireland Championship, National League Division 1, Leinster Championship'),
  hurling: list('All-Ireland Hurling Championship, National Hurling League, Munster Championship'),
  netball: list('Netball Nations Cup, Super Netball, Netball World Cup, Constellation Cup'),
  'water-polo': list('World Aquatics Championships, European Championship, Champions League'),
  'field-hockey': list('FIH Pro League, Hockey World Cup, Hockey Asia Cup'),
  lacrosse: list('Premier Lacrosse League, NLL, NCAA Lacrosse'),
  softball: list('Softball World Cup, Japan Softball League, Asian Championship'),
  kabaddi: list('Pro Kabaddi League, Kabaddi World Cup'),
  golf: list(
    'PGA Tour Texas Open, DP World Tour Dubai Desert Classic, The Masters, LPGA Thailand, Asian Tour Singapore',
  ),
  'formula-1': list(
    'Formula 1 Japanese Grand Prix, Formula 1 Singapore Grand Prix, Formula 1 Monaco Grand Prix',
  ),
  motogp: list('MotoGP Malaysian Grand Prix, MotoGP Thai Grand Prix, MotoGP Indonesian Grand Prix'),
  motorsports: list('IndyCar Series, Formula E, World Endurance Championship, WRC Rally Japan'),
  mma: list('UFC Fight Night, ONE Championship, PFL, Bellator'),
  boxing: list('WBC Heavyweight, WBA Lightweight, IBF Featherweight, WBO Welterweight'),
  'muay-thai': list('ONE Lumpinee, Rajadamnern Stadium, Max Muay Thai'),
  chess: list('Candidates Tournament, Tata Steel Masters, Norway Chess, Grand Chess Tour'),
  'horse-racing': list('Happy Valley, Sha Tin, Kranji, Ascot, Flemington, Meydan, Tokyo Racecourse'),
  greyhounds: list('Romford, Towcester, Wentworth Park, Sandown Park, The Meadows'),
  'harness-racing': list('Vincennes, Solvalla, Meadowlands, Addington'),
  'horse-racing-fixed': list('Sha Tin, Happy Valley, Randwick, Caulfield'),
};

/** Per esports title. */
export const ESPORTS_COMPETITIONS: readonly string[] = list(
  'Major, Pro League, Masters, Champions Tour, Asia Championship, Invitational',
);

/** Fallback competition names: '{sport} World Cup'... */
export const GENERIC_COMPETITIONS: readonly string[] = list(
  'World Cup, World Championship, International Open, European Championship, Asian Championship, Grand Prix, National League, Masters',
);
